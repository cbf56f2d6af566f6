import type { ModerationFlag } from '../../data/api-types';
import { formatNaira } from '../../lib/format';

export type { ModerationFlag };

/** The flag's name, as the list's chip and the show page call it. */
export const FLAG_LABELS: Record<ModerationFlag['kind'], string> = {
  reused_photo: 'Photo also used by another seller',
  price_far_below_market: 'Price far below the market',
};

/** What a moderator should know about one flag, in a sentence. */
export function flagExplanation(flag: ModerationFlag): string {
  if (flag.kind === 'reused_photo') {
    const how = flag.distance === 0 ? 'the same picture as' : `nearly the same picture as (${flag.distance} of 64 bits differ)`;
    return `This photo is ${how} one in listing #${flag.otherListingId}, from another seller. A scammer often copies photos from a real listing: compare the two before approving.`;
  }
  const share = Math.round((flag.price / flag.median) * 100);
  return `Asking ${formatNaira(flag.price)}, ${share}% of the market median of ${formatNaira(flag.median)} for this brand, model and year. A price too good to be true is a common bait for deposit scams.`;
}

/** The flags as words for one-line lists ("" when none). */
export const flaggedText = (flags: readonly ModerationFlag[]): string => (flags.length > 0 ? ' · Flagged' : '');
