import type { Boost, PaymentMethod } from '../../lib/api-types';
import { formatLagosDate } from '../../lib/format';

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

/** A running boost and the package a seller is about to buy for the same listing. */
interface Offer {
  name: string;
  tier: number;
  durationDays: number;
}

/**
 * What buying `offer` does to a listing's running boost, in the server's rule (its word is final):
 * none runs, it starts; the same or a lower tier extends the running boost at its tier; a higher tier
 * starts at once, with the days left added after its own.
 */
export function afterPurchase(running: Boost | null, offer: Offer, now: number = Date.now()): { tier: number; endsAt: number; change: 'start' | 'extend' | 'upgrade' } {
  const duration = offer.durationDays * DAY_MS;
  const until = running ? Date.parse(running.endsAt) : 0;
  if (!running || until <= now) return { tier: offer.tier, endsAt: now + duration, change: 'start' };
  if (offer.tier <= running.tier) return { tier: running.tier, endsAt: until + duration, change: 'extend' };
  return { tier: offer.tier, endsAt: now + duration + (until - now), change: 'upgrade' };
}

/** The sentence the package chooser shows for that purchase. */
export function purchaseOutcome(running: Boost | null, offer: Offer, now: number = Date.now()): string {
  const after = afterPurchase(running, offer, now);
  const ends = formatLagosDate(new Date(after.endsAt).toISOString());
  if (after.change === 'start') return `Starts as soon as your payment is confirmed and runs for ${offer.durationDays} days, until ${ends}.`;
  const current = boostName(running!);
  const left = daysLeftText(daysLeft(running!.endsAt, now));
  if (after.change === 'extend') return `Adds ${offer.durationDays} days to its running ${current} (${left}): it stays ${current} until ${ends}.`;
  return `Upgrades it to ${offer.name} at once: ${offer.durationDays} days, then the ${left.replace(' left', '')} left of its ${current}, all as ${offer.name}, until ${ends}.`;
}

/** Where a boost of this tier shows the listing, in the words /advertise uses. */
export const placementText = (tier: number): string =>
  tier >= 3
    ? 'Shown in the promoted spots of matching searches and in the home page\'s featured spots, in turn with other boosted listings, and in its own place in every list.'
    : 'Shown in the promoted spots of matching searches, in turn with other boosted listings, and in its own place in every list.';
