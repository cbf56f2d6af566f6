import { CheckIcon } from '../../../components/icons';

/** PREMIUM for boosted listings; CAR OF THE WEEK for verified ones that are not boosted. */
export function ListingBadges({ isPremium, isVerified }: { isPremium: boolean; isVerified: boolean }) {
  if (isPremium) return <span className="badge badge--premium">PREMIUM</span>;
  if (isVerified) return <span className="badge badge--highlight">CAR OF THE WEEK</span>;
  return null;
}

export function VerifiedTag() {
  return (
    <span className="verified">
      <CheckIcon width={14} height={14} /> Verified
    </span>
  );
}
