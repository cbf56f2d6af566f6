import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Chip } from '@mui/material';
import type { Vehicle } from '../../data/api-types';

/** The marker on the one listing that is Car of the Week (and on this week's staff pick when it is no longer live). */
export function CarOfTheWeekChip({ vehicle }: { vehicle: Pick<Vehicle, 'isCarOfTheWeek' | 'isStaffPick'> }) {
  if (!vehicle.isCarOfTheWeek && !vehicle.isStaffPick) return null;
  const label = vehicle.isCarOfTheWeek ? 'Car of the week' : 'Staff pick, not live';
  return (
    <Chip
      size="small"
      icon={<EmojiEventsIcon aria-hidden />}
      label={label}
      title={vehicle.isStaffPick ? "This week's staff pick" : 'Most viewed listing approved in the last 7 days'}
      sx={{ bgcolor: '#1f2a44', color: '#fff', fontWeight: 600, '& .MuiChip-icon': { color: '#e0b43a' } }}
    />
  );
}

/** The marker as words, for one-line lists. */
export const carOfTheWeekText = (vehicle: Pick<Vehicle, 'isCarOfTheWeek' | 'isStaffPick'>): string =>
  vehicle.isCarOfTheWeek ? ' · Car of the week' : vehicle.isStaffPick ? ' · Staff pick, not live' : '';
