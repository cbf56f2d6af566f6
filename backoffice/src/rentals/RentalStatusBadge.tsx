import { Chip } from '@mui/material';
import type { RentalStatus } from '../data/api-types';
import { RENTAL_STATUS_LABELS, rentalStatusColours } from './rental-status';

export function RentalStatusBadge({ status }: { status: RentalStatus }) {
  const colour = rentalStatusColours(status);
  return <Chip component="span" size="small" label={RENTAL_STATUS_LABELS[status] ?? status} sx={{ bgcolor: colour.bg, color: colour.fg, fontWeight: 600 }} />;
}
