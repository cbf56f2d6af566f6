import { CheckIcon } from '../../../components/icons';

interface ListingBadgesProps {
  isPremium: boolean;
  isCarOfTheWeek: boolean;
}

/** PREMIUM for boosted listings; CAR OF THE WEEK for the one listing the marketplace features this week. */
export function ListingBadges({ isPremium, isCarOfTheWeek }: ListingBadgesProps) {
  return (
    <>
      {isPremium && <span className="badge badge--premium">PREMIUM</span>}
      {isCarOfTheWeek && <span className="badge badge--highlight">CAR OF THE WEEK</span>}
    </>
  );
}

/** A moderator approved the listing. */
export function VerifiedTag() {
  return (
    <span className="verified">
      <CheckIcon width={14} height={14} /> Verified
    </span>
  );
}
