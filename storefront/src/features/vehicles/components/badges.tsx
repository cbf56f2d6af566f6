import { CheckIcon } from '../../../components/icons';
import type { VehicleSummary } from '../../../lib/api-types';

interface ListingBadgesProps {
  boost: VehicleSummary['boost'];
  isCarOfTheWeek: boolean;
}

/**
 * What a listing's boost says on its card: FEATURED for a Basic Boost, PREMIUM for Premium Spotlight
 * and Ultimate Exposure (as /advertise sells them); CAR OF THE WEEK for the one listing the
 * marketplace features this week.
 */
export function ListingBadges({ boost, isCarOfTheWeek }: ListingBadgesProps) {
  return (
    <>
      {boost && boost.tier >= 2 && <span className="badge badge--premium">PREMIUM</span>}
      {boost && boost.tier === 1 && <span className="badge badge--featured">FEATURED</span>}
      {isCarOfTheWeek && <span className="badge badge--highlight">CAR OF THE WEEK</span>}
    </>
  );
}

/** A listing in a promoted slot: paid for, shown in turn with other boosted listings, not where the order put it. */
export function PromotedLabel() {
  return (
    <span className="promoted-label" title="A paid placement, shown in turn with other boosted listings that match your search">
      Promoted
    </span>
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
