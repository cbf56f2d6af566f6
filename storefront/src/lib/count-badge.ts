/** A count as a badge shows it: nothing for none, '9+' above 9. */
export const countBadge = (count: number): string | null => (count <= 0 ? null : count > 9 ? '9+' : String(count));
