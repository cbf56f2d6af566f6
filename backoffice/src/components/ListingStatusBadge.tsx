import { Chip } from '@mui/material';
import type { ListingStatus } from '../data/api-types';

export const STATUS_LABELS: Record<ListingStatus, string> = {
  active: 'Active', pending: 'Pending', rejected: 'Rejected', sold: 'Sold', expired: 'Expired', suspended: 'Seller suspended',
};

// Soft backgrounds with dark text keep every badge above WCAG AA contrast, which MUI's yellow does not.
const COLOURS: Record<ListingStatus, { bg: string; fg: string }> = {
  active: { bg: '#dff3e8', fg: '#0b3d2c' },
  pending: { bg: '#fff1c2', fg: '#5c3d00' },
  rejected: { bg: '#fde3e0', fg: '#7a1a12' },
  sold: { bg: '#e8eefc', fg: '#1c3a78' },
  expired: { bg: '#eceff3', fg: '#3b4452' },
  suspended: { bg: '#fde3e0', fg: '#7a1a12' },
};

export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  const colour = COLOURS[status];
  return <Chip size="small" label={STATUS_LABELS[status]} sx={{ bgcolor: colour.bg, color: colour.fg, fontWeight: 600 }} />;
}
