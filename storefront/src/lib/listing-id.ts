/** A listing id from the address, or null when it cannot be one (the API takes 1 to 2147483647). */
export const parseListingId = (raw: string | undefined): number | null =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;
