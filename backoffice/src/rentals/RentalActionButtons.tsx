import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { usePermissions, useRecordContext } from 'react-admin';
import type { StaffPermissions } from '../auth/permissions';
import { ActionButton } from '../components/ActionButton';
import type { AdminRental, RentalAction } from '../data/api-types';
import { RentalActionDialog } from './RentalActionDialog';
import { offeredRentalActions, RENTAL_ACTION_WORDING } from './rental-status';
import { useChangeRentalStatus } from './use-change-rental-status';

const ICONS: Record<RentalAction, ReactNode> = {
  confirm: <CheckCircleIcon />,
  start: <PlayArrowIcon />,
  complete: <DoneAllIcon />,
  cancel: <CancelIcon />,
};

/** Confirm, Start, Complete or Cancel: only what the server says the booking allows now, each after a confirmation. */
export function RentalActionButtons({ compact = false }: { compact?: boolean }) {
  const rental = useRecordContext<AdminRental>();
  const { permissions } = usePermissions<StaffPermissions>();
  const [asking, setAsking] = useState<RentalAction | null>(null);
  const change = useChangeRentalStatus();
  if (!rental) return null;
  const actions = offeredRentalActions(permissions, rental.actions);
  if (actions.length === 0) return compact ? <Box component="span" sx={{ color: 'text.secondary' }}>—</Box> : null;
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <Stack direction="row" spacing={compact ? 0 : 1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {actions.map((action) => {
          const wording = RENTAL_ACTION_WORDING[action];
          return (
            <ActionButton
              key={action}
              label={compact ? `${wording.label} booking #${rental.id}` : wording.label}
              icon={ICONS[action]}
              color={wording.colour}
              compact={compact}
              disabled={change.isPending}
              onClick={() => setAsking(action)}
            />
          );
        })}
      </Stack>
      <RentalActionDialog
        rental={rental}
        action={asking}
        busy={change.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => asking && change.mutate({ rental, action: asking, reason }, { onSettled: () => setAsking(null) })}
      />
    </Box>
  );
}
