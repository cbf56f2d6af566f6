import { ROLE_LABELS } from '../components/RoleBadge';
import { STATUS_LABELS } from '../components/ListingStatusBadge';
import { PAYMENT_STATUS_LABELS } from '../lib/advertising-labels';
import { formatDateTime, formatNaira } from '../lib/format';

const MONEY = new Set(['price', 'dailyRentalRate', 'weeklyRentalRate', 'monthlyRentalRate']);
const LABELS: Record<string, string> = {
  vin: 'VIN',
  id: 'ID',
  sellerId: 'Seller ID',
  imageUrls: 'Photos',
  isVerified: 'Verified',
  isPremium: 'Premium',
  isRentalAvailable: 'Available for rent',
  carOfTheWeekPick: 'Car of the Week for the week of',
};

/** "fastChargingTime" → "Fast charging time". */
export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A recorded value as a moderator reads it: naira for money, words for statuses and roles. */
export function displayValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return MONEY.has(key) ? formatNaira(value) : String(value);
  if (typeof value === 'string') {
    if (key === 'status' && value in STATUS_LABELS) return STATUS_LABELS[value as keyof typeof STATUS_LABELS];
    // A refund records a payment's status ("success" → "reversed"): the words staff read elsewhere.
    if (key === 'status' && value in PAYMENT_STATUS_LABELS) return PAYMENT_STATUS_LABELS[value as keyof typeof PAYMENT_STATUS_LABELS];
    if (key === 'role' && value in ROLE_LABELS) return ROLE_LABELS[value as keyof typeof ROLE_LABELS];
    if (key.endsWith('At') && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('\n');
  return JSON.stringify(value, null, 1);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Every field named on either side, changed ones first. */
export function diffRows(before: Record<string, unknown> | null, after: Record<string, unknown> | null): DiffRow[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = keys.map((key) => ({ key, before: before?.[key], after: after?.[key], changed: !before || !after || !same(before[key], after[key]) }));
  return rows.sort((a, b) => Number(b.changed) - Number(a.changed));
}
