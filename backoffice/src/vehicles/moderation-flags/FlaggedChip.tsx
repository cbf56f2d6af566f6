import FlagIcon from '@mui/icons-material/Flag';
import { Chip } from '@mui/material';
import type { Vehicle } from '../../data/api-types';
import { FLAG_LABELS } from './flag-text';

/** "Flagged" in the list when screening found something; its title names what. */
export function FlaggedChip({ vehicle }: { vehicle: Pick<Vehicle, 'moderationFlags'> }) {
  const flags = vehicle.moderationFlags ?? [];
  if (flags.length === 0) return null;
  const kinds = [...new Set(flags.map((f) => FLAG_LABELS[f.kind]))];
  return (
    <Chip
      size="small"
      icon={<FlagIcon aria-hidden />}
      label="Flagged"
      title={kinds.join('; ')}
      aria-label={`Flagged: ${kinds.join('; ')}`}
      sx={{ bgcolor: '#fdecea', color: '#8a1c12', fontWeight: 600, '& .MuiChip-icon': { color: '#c62828' } }}
    />
  );
}
