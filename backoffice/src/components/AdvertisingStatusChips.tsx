import { Chip } from '@mui/material';
import type { PackageStatus, PaymentStatus } from '../data/api-types';
import { PACKAGE_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../lib/advertising-labels';

type Tone = 'good' | 'waiting' | 'bad' | 'neutral' | 'returned';

// Soft backgrounds with dark text, like the listing badges, keep every chip above WCAG AA contrast.
const TONES: Record<Tone, { bg: string; fg: string }> = {
  good: { bg: '#dff3e8', fg: '#0b3d2c' },
  waiting: { bg: '#fff1c2', fg: '#5c3d00' },
  bad: { bg: '#fde3e0', fg: '#7a1a12' },
  neutral: { bg: '#eceff1', fg: '#263238' },
  returned: { bg: '#e6e3f7', fg: '#2e2168' },
};

const PAYMENT_TONES: Record<PaymentStatus, Tone> = { pending: 'waiting', success: 'good', failed: 'bad', abandoned: 'neutral', reversed: 'returned' };
const PACKAGE_TONES: Record<PackageStatus, Tone> = { pending: 'waiting', active: 'good', expired: 'neutral', cancelled: 'bad', refunded: 'returned' };

function ToneChip({ label, tone }: { label: string; tone: Tone }) {
  const colour = TONES[tone];
  return <Chip component="span" size="small" label={label} sx={{ bgcolor: colour.bg, color: colour.fg, fontWeight: 600 }} />;
}

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  return <ToneChip label={PAYMENT_STATUS_LABELS[status] ?? status} tone={PAYMENT_TONES[status] ?? 'neutral'} />;
}

export function PackageStatusChip({ status }: { status: PackageStatus }) {
  return <ToneChip label={PACKAGE_STATUS_LABELS[status] ?? status} tone={PACKAGE_TONES[status] ?? 'neutral'} />;
}
