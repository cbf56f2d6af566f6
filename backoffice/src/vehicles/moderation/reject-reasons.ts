/** The reasons moderators give most; sellers read the chosen one beside their listing. */
export const REJECT_REASONS = [
  'Did not meet platform standards',
  'Photos are unclear or not of the vehicle',
  'Price looks wrong',
  'Incomplete or misleading description',
  'Duplicate listing',
  'Not an electric vehicle',
] as const;

export const DEFAULT_REJECT_REASON = REJECT_REASONS[0];
export const OTHER_REASON = 'other';
/** The contract's limit on a rejection reason. */
export const MAX_REASON_LENGTH = 500;
