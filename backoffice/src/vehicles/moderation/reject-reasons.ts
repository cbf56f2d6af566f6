/** The reasons moderators give most; sellers read the chosen one beside their listing. */
export const REJECT_REASONS = [
  'Did not meet platform standards',
  'Photos are unclear or not of the vehicle',
  'Price looks wrong',
  'Incomplete or misleading description',
  'Duplicate listing',
  'Not an electric vehicle',
] as const;

export const OTHER_REASON = 'other';
/** The contract's limit on a rejection reason. */
export const MAX_REASON_LENGTH = 500;

/** What the moderator has picked in the dialog so far: a listed reason, Other, or nothing yet. */
export interface RejectionChoice {
  choice: string | null;
  ownWords: string;
}

/** Nothing is picked for the moderator: the seller must read a reason someone chose. */
export const NO_REASON_CHOSEN: RejectionChoice = { choice: null, ownWords: '' };

/** The reason to send, or what is still missing before the listing can be rejected. */
export function rejectionReason({ choice, ownWords }: RejectionChoice): { reason: string } | { problem: string } {
  if (choice === null) return { problem: 'Choose a reason for the rejection' };
  if (choice !== OTHER_REASON) return { reason: choice };
  const reason = ownWords.trim();
  if (!reason) return { problem: 'Please describe the reason' };
  if (reason.length > MAX_REASON_LENGTH) return { problem: `Keep the reason under ${MAX_REASON_LENGTH} characters` };
  return { reason };
}
