import UndoIcon from '@mui/icons-material/Undo';
import { Box, DialogContentText, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, usePermissions, useRecordContext } from 'react-admin';
import type { StaffPermissions } from '../auth/permissions';
import { ActionButton } from '../components/ActionButton';
import type { AdminPayment } from '../data/api-types';
import { formatDateTime, formatNaira } from '../lib/format';
import { GUARANTEE_DAYS, guaranteeEndsAt, refundOffered } from './refund-rules';
import { useRefundPayment } from './use-refund-payment';

function RefundWarning({ payment }: { payment: AdminPayment }) {
  const seller = payment.seller.email ? `${payment.seller.name} (${payment.seller.email})` : payment.seller.name;
  return (
    <Stack spacing={1.5}>
      <DialogContentText>
        {formatNaira(payment.amount)} goes back to {seller} for the {payment.packageName} boost on “{payment.vehicleTitle}” (reference {payment.reference}).
      </DialogContentText>
      <DialogContentText sx={{ fontWeight: 600, color: 'text.primary' }}>
        The boost ends at once: the listing loses its boosted place straight away. This cannot be undone.
      </DialogContentText>
      <DialogContentText>
        Refunds are given under the {GUARANTEE_DAYS}-day satisfaction guarantee
        {payment.paidAt
          ? `: this payment was made on ${formatDateTime(payment.paidAt)} and can be refunded until ${formatDateTime(guaranteeEndsAt(payment.paidAt).toISOString())}.`
          : '.'}
      </DialogContentText>
    </Stack>
  );
}

/** "Refund" on a payment still inside the guarantee, for administrators only, after a confirmation. */
export function RefundButton({ compact = false }: { compact?: boolean }) {
  const payment = useRecordContext<AdminPayment>();
  const { permissions } = usePermissions<StaffPermissions>();
  const [confirming, setConfirming] = useState(false);
  const refund = useRefundPayment();
  if (!payment || !refundOffered(permissions, payment)) return null;
  return (
    // Clicks in the confirmation must not reach a list row behind it (React events bubble through portals).
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <ActionButton label="Refund" icon={<UndoIcon />} color="warning" compact={compact} disabled={refund.isPending} onClick={() => setConfirming(true)} />
      <Confirm
        isOpen={confirming}
        loading={refund.isPending}
        title={`Refund ${formatNaira(payment.amount)}?`}
        content={<RefundWarning payment={payment} />}
        confirm="Refund payment"
        confirmColor="warning"
        onConfirm={() => refund.mutate(payment, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
