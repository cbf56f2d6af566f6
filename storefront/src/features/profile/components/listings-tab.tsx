import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { VehicleImage } from '../../../components/vehicle-image';
import type { OwnVehicleSummary } from '../../../lib/api-types';
import { countOf, formatDate, formatNaira, formatNumber } from '../../../lib/format';
import { withReason } from '../../../lib/sentence';
import { boostLink } from '../../advertising/boost';
import { BoostLine } from '../../advertising/components/boost-line';
import { MyBoosts } from '../../advertising/components/my-boosts';
import { ListingInquiries } from '../../inquiries/components/listing-inquiries';
import { useMyListings } from '../api/my-listings';
import { MarkSoldButton } from '../../listings/components/mark-sold-button';
import { ListingStatusBadge } from './listing-status';
import { RenewButton, daysLeft } from '../../listings/components/renew-button';

export function ListingsTab() {
  const listings = useMyListings();
  // An inquiry's notification leads here with ?inquiries={listing id}: that listing's inquiries open.
  const [params] = useSearchParams();
  const openInquiries = Number(params.get('inquiries')) || null;
  return (
    <section className="stack" aria-labelledby="listings-heading">
      <div className="section-head">
        <h2 id="listings-heading" className="h3">My Listings</h2>
        <Link to="/create-listing" className="btn btn--primary btn--sm">Add New Listing</Link>
      </div>
      <ListingRows query={listings} openInquiries={openInquiries} />
      <MyBoosts />
    </section>
  );
}

export function ListingRows({ query, limit, openInquiries = null }: { query: ReturnType<typeof useMyListings>; limit?: number; openInquiries?: number | null }) {
  if (query.isError) return <ErrorState title="We could not load your listings" error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spinner label="Loading your listings..." />;
  if (query.data.length === 0) {
    return (
      <EmptyState title="You have no listings yet">
        <Link to="/create-listing" className="btn btn--primary">List Your EV</Link>
      </EmptyState>
    );
  }
  return (
    <ul className="my-listings">
      {query.data.slice(0, limit).map((v) => (
        <MyListingRow key={v.id} vehicle={v} inquiriesOpen={v.id === openInquiries} />
      ))}
    </ul>
  );
}

export function MyListingRow({ vehicle, inquiriesOpen = false }: { vehicle: OwnVehicleSummary; inquiriesOpen?: boolean }) {
  return (
    <li className="card my-listing" data-listing-id={vehicle.id}>
      <VehicleImage src={vehicle.imageUrls[0]} alt={vehicle.title} className="my-listing__image" width={160} height={120} sizes="160px" />
      <div className="my-listing__body">
        <p className="my-listing__title">
          <strong>{vehicle.title}</strong> <ListingStatusBadge status={vehicle.status} />
        </p>
        <p className="muted small">
          {vehicle.location} · ID {vehicle.id} · {countOf(vehicle.views, 'view')} · Listed {formatDate(vehicle.createdAt)}
        </p>
        <p className="muted small">Saved by {formatNumber(vehicle.savedCount)}</p>
        <Impressions vehicle={vehicle} />
        <p className="my-listing__price">{formatNaira(vehicle.price)}</p>
        {vehicle.boost && <BoostLine boost={vehicle.boost} />}
        {vehicle.status === 'pending' && <p className="small muted">Waiting for a moderator to approve it.</p>}
        {vehicle.changesWaiting && (
          <p className="small"><span className="status status--changes">Changes waiting for review</span> Buyers see the approved version until a moderator approves your changes.</p>
        )}
        {vehicle.status === 'active' && vehicle.expiresAt && <ExpiryLine expiresAt={vehicle.expiresAt} />}
        {vehicle.status === 'expired' && <p className="small muted">Expired: it was live for 60 days. Still for sale? Renew it and it is live again at once.</p>}
        {vehicle.status === 'suspended' && <p className="small text-danger">Hidden while your account is suspended. It comes back when the suspension ends.</p>}
        {vehicle.status === 'sold' && vehicle.soldAt && <p className="small muted">Sold {formatDate(vehicle.soldAt)}. It is off Browse; its chats stay open.</p>}
        {vehicle.status === 'rejected' && (
          <p className="small text-danger">{withReason('Rejected', vehicle.rejectionReason, 'Edit it to submit it again.')}</p>
        )}
        <ListingInquiries vehicleId={vehicle.id} count={vehicle.inquiryCount} initiallyOpen={inquiriesOpen} />
      </div>
      <div className="my-listing__actions">
        {vehicle.status === 'expired' && <RenewButton vehicle={vehicle} />}
        {vehicle.status === 'active' && vehicle.expiresAt && daysLeft(vehicle.expiresAt) <= 7 && <RenewButton vehicle={vehicle} />}
        {vehicle.status !== 'sold' && vehicle.status !== 'suspended' && (
          <Link to={`/edit-listing/${vehicle.id}`} className="btn btn--outline btn--sm" aria-label={`Edit ${vehicle.title}`}>Edit</Link>
        )}
        <Link to={`/vehicles/${vehicle.id}`} className="btn btn--ghost btn--sm" aria-label={`View ${vehicle.title}`}>View</Link>
        <Link to={`/profile/listings/${vehicle.id}/insights`} className="btn btn--ghost btn--sm" aria-label={`Insights for ${vehicle.title}`}>Insights</Link>
        {vehicle.status === 'active' && (
          <>
            <Link to={boostLink(vehicle.id)} className="btn btn--primary btn--sm" aria-label={`Boost ${vehicle.title}`}>Boost</Link>
            <MarkSoldButton vehicle={vehicle} />
          </>
        )}
      </div>
    </li>
  );
}

/** When a live listing leaves the market unless renewed; close to the end, in words that ask for the tap. */
function ExpiryLine({ expiresAt }: { expiresAt: string }) {
  const days = daysLeft(expiresAt);
  return (
    <p className={`small ${days <= 3 ? 'text-danger' : 'muted'}`} data-testid="expiry">
      {days <= 0 ? 'Expires today' : days === 1 ? 'Expires tomorrow' : `Live until ${formatDate(expiresAt)} (${days} days)`}
      {days <= 7 ? '. Still for sale? Keep it live in one tap.' : ''}
    </p>
  );
}

/** What search and the home page showed of the listing this week, and how much of it the promoted spots gave. */
function Impressions({ vehicle }: { vehicle: OwnVehicleSummary }) {
  if (vehicle.status !== 'active') return null;
  const { promoted, organic } = vehicle.impressions;
  const total = promoted + organic;
  return (
    <p className="muted small" data-testid="impressions">
      Shown {countOf(total, 'time')} in the last 7 days{promoted > 0 ? `, ${formatNumber(promoted)} of them in promoted spots` : ''}
    </p>
  );
}
