import type { ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../../components/field';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import type { OwnVehicleSummary } from '../../../lib/api-types';
import { useMyListings } from '../../profile/api/my-listings';
import { boostName, daysLeft, daysLeftText } from '../boost';

interface ListingChoiceProps {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  onBlur: () => void;
  error?: string | undefined;
  /** The listing the page was opened for (`/advertise?vehicle=41`), if any. */
  requested: number | null;
}

/** Only the seller's own live listings can be boosted: they pick one, never type an id. */
export const boostable = (listings: OwnVehicleSummary[] | undefined): OwnVehicleSummary[] => (listings ?? []).filter((l) => l.status === 'active');

export function ListingChoice({ value, requested, ...select }: ListingChoiceProps) {
  const listings = useMyListings();
  if (listings.isError) return <ErrorState title="We could not load your listings" error={listings.error} onRetry={() => void listings.refetch()} />;
  if (!listings.data) return <Spinner label="Loading your listings..." />;
  const live = boostable(listings.data);
  if (live.length === 0) {
    return (
      <EmptyState title="You have no live listings to boost">
        <p className="muted small">List a vehicle first. Once a moderator approves it, you can boost it here.</p>
        <Link to="/create-listing" className="btn btn--primary btn--sm">List Your EV</Link>
      </EmptyState>
    );
  }
  const unavailable = requested !== null && !live.some((l) => l.id === requested);
  // A listing that already has a boost says so: buying again extends or upgrades it.
  const options = [{ value: '', label: 'Choose one of your listings' }, ...live.map((l) => ({
    value: String(l.id),
    label: `${l.title} (ID ${l.id})${l.boost ? ` · ${boostName(l.boost)}, ${daysLeftText(daysLeft(l.boost.endsAt))}` : ''}`,
  }))];
  return (
    <SelectField
      label="Listing to boost"
      options={options}
      value={live.some((l) => String(l.id) === value) ? value : ''}
      {...select}
      hint={unavailable ? `Listing ${requested} is not one of your live listings, so it cannot be boosted. Choose another.` : 'Only your live listings can be boosted.'}
    />
  );
}
