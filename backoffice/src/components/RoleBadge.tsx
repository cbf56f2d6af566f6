import { Chip } from '@mui/material';
import type { Role } from '../data/api-types';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', support: 'Support', user: 'User' };

const COLOURS: Record<Role, { bg: string; fg: string }> = {
  admin: { bg: '#0b3d2c', fg: '#fff' },
  support: { bg: '#dbe8ff', fg: '#12315e' },
  user: { bg: '#eceff1', fg: '#263238' },
};

export function RoleBadge({ role, size = 'small' }: { role: Role; size?: 'small' | 'medium' }) {
  const colour = COLOURS[role];
  return <Chip size={size} label={ROLE_LABELS[role]} sx={{ bgcolor: colour.bg, color: colour.fg, fontWeight: 600 }} />;
}
