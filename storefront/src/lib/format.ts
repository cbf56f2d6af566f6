const wholeNumber = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

/** Naira with thousands separators and no decimals: ₦12,000. */
export const formatNaira = (amount: number): string => `₦${wholeNumber.format(Math.round(amount))}`;

export const formatNumber = (value: number): string => wholeNumber.format(value);

export const formatKm = (km: number): string => `${wholeNumber.format(km)} km`;

/** A date in the reader's own locale. */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
