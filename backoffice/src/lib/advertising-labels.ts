import type { AdminPayment, PackageStatus, PackageType, PaymentMethod, PaymentStatus } from '../data/api-types';

export const PACKAGE_TYPE_LABELS: Record<PackageType, string> = {
  basic: 'Basic Boost',
  premium: 'Premium Spotlight',
  ultimate: 'Ultimate Exposure',
};

/** Bottom to top in a stacked bar, and left to right in a legend: the tier order. */
export const PACKAGE_TYPES: readonly PackageType[] = ['basic', 'premium', 'ultimate'];

// "reversed" is the gateway's word; staff and sellers say refunded.
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  success: 'Paid',
  failed: 'Failed',
  abandoned: 'Abandoned',
  reversed: 'Refunded',
};

export const PACKAGE_STATUS_LABELS: Record<PackageStatus, string> = {
  pending: 'Awaiting payment',
  active: 'Active',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  mobile_money: 'Mobile money',
};

export const PAYMENT_MODE_LABELS: Record<AdminPayment['mode'], string> = { test: 'Test (sandbox)', live: 'Live' };

const choicesOf = <K extends string>(labels: Record<K, string>) => (Object.entries(labels) as [K, string][]).map(([id, name]) => ({ id, name }));

export const paymentStatusChoices = choicesOf(PAYMENT_STATUS_LABELS);
export const packageStatusChoices = choicesOf(PACKAGE_STATUS_LABELS);
export const packageTypeChoices = choicesOf(PACKAGE_TYPE_LABELS);
export const tierChoices = PACKAGE_TYPES.map((type, i) => ({ id: i + 1, name: `${i + 1}: ${PACKAGE_TYPE_LABELS[type]}` }));

// The channels Paystack reports a charge went through (its "channel"), as staff say them.
const CHANNEL_LABELS: Record<string, string> = {
  ...PAYMENT_METHOD_LABELS,
  bank: 'Bank account',
  ussd: 'USSD',
  qr: 'QR code',
  eft: 'EFT',
  apple_pay: 'Apple Pay',
};

/** "bank_transfer", "Bank Transfer" and "bank-transfer" are one channel. */
const channelKey = (channel: string): string => channel.trim().toLowerCase().replace(/[\s-]+/g, '_');

const channelLabel = (key: string): string => {
  const known = CHANNEL_LABELS[key];
  if (known) return known;
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * How the buyer paid: the channel the gateway reports once it has charged them, else the method they
 * chose. Checkout offers only the chosen method, so the two agree; if the gateway ever reports another,
 * that is how the money came, and the choice is named beside it: "USSD (chose card)".
 */
export function paymentMethodText(payment: Pick<AdminPayment, 'paymentMethod' | 'channel'>): string {
  const chosen = PAYMENT_METHOD_LABELS[payment.paymentMethod] ?? payment.paymentMethod;
  const channel = payment.channel ? channelKey(payment.channel) : '';
  if (!channel || channel === payment.paymentMethod) return chosen;
  return `${channelLabel(channel)} (chose ${chosen.toLowerCase()})`;
}
