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

/** "Card", or "Card (bank)" when the gateway says the buyer paid another way than they chose. */
export function paymentMethodText(payment: Pick<AdminPayment, 'paymentMethod' | 'channel'>): string {
  const method = PAYMENT_METHOD_LABELS[payment.paymentMethod] ?? payment.paymentMethod;
  const channel = payment.channel?.trim();
  if (!channel || channel.toLowerCase().replace(/[\s_-]/g, '') === payment.paymentMethod.replace(/_/g, '')) return method;
  return `${method} (${channel.replace(/_/g, ' ')})`;
}
