import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Loading, Show, TopToolbar, useCreatePath, useRecordContext, LinkBase } from 'react-admin';
import { PaymentStatusChip } from '../components/AdvertisingStatusChips';
import { DefinitionList } from '../components/DefinitionList';
import { LoadError } from '../components/LoadError';
import { RecordTitle } from '../components/RecordTitle';
import { SectionCard } from '../components/SectionCard';
import type { AdminPayment } from '../data/api-types';
import { PAYMENT_METHOD_LABELS, PAYMENT_MODE_LABELS } from '../lib/advertising-labels';
import { formatDateTime, formatNaira, formatNumber } from '../lib/format';
import { RefundButton } from './RefundButton';
import { refundStanding } from './refund-rules';

const dateOrDash = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const textOrDash = (text: string | null) => (text?.trim() ? text : '—');

function PaymentShowActions() {
  return (
    <TopToolbar>
      <RefundButton />
    </TopToolbar>
  );
}

function PaymentDetails() {
  const payment = useRecordContext<AdminPayment>();
  const createPath = useCreatePath();
  if (!payment) return null;
  const showLink = (resource: string, id: string | number, text: ReactNode) => (
    <Link component={LinkBase} to={createPath({ resource, type: 'show', id })}>
      {text}
    </Link>
  );
  // Pending, failed and abandoned payments were never refundable; saying so would be noise.
  const standing = payment.status === 'success' || payment.status === 'reversed' ? refundStanding(payment) : null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            Payment {payment.reference}
          </Typography>
          <PaymentStatusChip status={payment.status} />
        </Stack>
        <Typography variant="h6" component="p" color="primary">
          {formatNaira(payment.amount)} · {payment.packageName}
        </Typography>
      </Box>
      {payment.failureReason && (
        <Alert severity="error">
          <strong>Nothing was activated:</strong> {payment.failureReason}
        </Alert>
      )}
      {standing && <Alert severity="info">{standing}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <SectionCard title="Payment">
          <DefinitionList
            items={[
              ['Reference', <Box component="span" sx={{ fontFamily: 'monospace' }}>{payment.reference}</Box>],
              ['Payment ID', payment.id],
              ['Status', <PaymentStatusChip status={payment.status} />],
              ['Amount', formatNaira(payment.amount)],
              ['Amount charged', `${formatNumber(payment.amountKobo)} kobo (${payment.currency})`],
              ['Mode', PAYMENT_MODE_LABELS[payment.mode] ?? payment.mode],
              ['Method chosen', PAYMENT_METHOD_LABELS[payment.paymentMethod] ?? payment.paymentMethod],
              ['Channel (gateway)', textOrDash(payment.channel)],
              ['Gateway response', textOrDash(payment.gatewayResponse)],
              ['Failure reason', textOrDash(payment.failureReason)],
              ['Created', formatDateTime(payment.createdAt)],
              ['Paid', dateOrDash(payment.paidAt)],
              ['Refunded', dateOrDash(payment.refundedAt)],
              ['Last updated', formatDateTime(payment.updatedAt)],
            ]}
          />
        </SectionCard>
        <Stack spacing={2}>
          <SectionCard title="Boost">
            <DefinitionList
              items={[
                ['Package', payment.packageName],
                ['Boost record', payment.packageId === null ? 'None' : showLink('advertising-packages', payment.packageId, `Boost #${payment.packageId}`)],
                ['Listing', showLink('vehicles', payment.vehicleId, payment.vehicleTitle)],
                ['Listing ID', payment.vehicleId],
              ]}
            />
          </SectionCard>
          <SectionCard title="Seller">
            <DefinitionList
              items={[
                ['Name', showLink('users', payment.seller.id, payment.seller.name)],
                ['Email', payment.seller.email ? <Link href={`mailto:${payment.seller.email}`}>{payment.seller.email}</Link> : '—'],
                ['User ID', payment.userId],
              ]}
            />
          </SectionCard>
        </Stack>
      </Box>
    </Stack>
  );
}

/** One payment with everything the gateway said about it, and (for administrators, within the guarantee) a refund. */
export function PaymentShow() {
  return (
    <Show loading={<Loading />} title={<RecordTitle prefix="Payment" field="reference" />} actions={<PaymentShowActions />} error={<LoadError what="this payment" />}>
      <PaymentDetails />
    </Show>
  );
}
