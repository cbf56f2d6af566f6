import type { Boost, PaymentMethod } from '../../lib/api-types';

const DAY_MS = 24 * 60 * 60 * 1000;

const TIER_NAMES: Record<number, string> = { 1: 'Basic Boost', 2: 'Premium Spotlight', 3: 'Ultimate Exposure' };

/** The package's name as the server gives it, else its tier's. */
export const boostName = (boost: Boost): string => boost.packageName || TIER_NAMES[boost.tier] || 'Boost';

/** Whole days until the boost ends, rounded up as the server counts them; 0 once it has ended. */
export const daysLeft = (endsAt: string, now: number = Date.now()): number => Math.max(0, Math.ceil((Date.parse(endsAt) - now) / DAY_MS));

export const daysLeftText = (days: number): string => (days === 1 ? '1 day left' : `${days} days left`);

export const PAYMENT_METHODS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'card', label: 'Card' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'mobile_money', label: 'Mobile money' },
];

/** Where `/advertise` opens the package chooser for one listing (the Profile's Boost button, a failed payment's Try Again). */
export const boostLink = (vehicleId: number, packageType?: string): string =>
  `/advertise?vehicle=${vehicleId}${packageType ? `&package=${encodeURIComponent(packageType)}` : ''}`;
