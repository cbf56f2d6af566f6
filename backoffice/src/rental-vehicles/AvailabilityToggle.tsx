import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Chip, Stack } from '@mui/material';
import type { AdminRentalVehicle } from '../data/api-types';
import { BADGE_COLOURS } from '../rentals/rental-status';
import { useRentalSettings } from './use-rental-settings';

export function AvailabilityChip({ available }: { available: boolean }) {
  const colour = available ? BADGE_COLOURS.green : BADGE_COLOURS.red;
  return <Chip component="span" size="small" label={available ? 'Available' : 'Not available'} sx={{ bgcolor: colour.bg, color: colour.fg, fontWeight: 600 }} />;
}

interface AvailabilityToggleProps {
  vehicle: Pick<AdminRentalVehicle, 'id' | 'title' | 'isRentalAvailable'>;
  readOnly?: boolean;
}

/** Whether the vehicle takes new rental requests, and the button that switches it; bookings already made stay. */
export function AvailabilityToggle({ vehicle, readOnly = false }: AvailabilityToggleProps) {
  const settings = useRentalSettings();
  const available = vehicle.isRentalAvailable;
  const toggle = () =>
    settings.mutate({
      vehicle,
      input: { isRentalAvailable: !available },
      summary: available ? 'No longer taking new rental requests' : 'Now taking rental requests',
    });
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 110 }}>
      <AvailabilityChip available={available} />
      {!readOnly && (
        <Button
          size="small"
          color={available ? 'warning' : 'success'}
          startIcon={available ? <BlockIcon /> : <CheckCircleIcon />}
          disabled={settings.isPending}
          aria-label={`${available ? 'Disable' : 'Enable'} rental requests for ${vehicle.title}`}
          onClick={(e) => {
            e.stopPropagation();
            toggle();
          }}
        >
          {available ? 'Disable' : 'Enable'}
          {settings.isPending ? '…' : ''}
        </Button>
      )}
    </Stack>
  );
}
