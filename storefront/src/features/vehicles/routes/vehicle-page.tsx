import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { BatteryIcon, CalendarIcon, ChevronLeftIcon, GaugeIcon, PinIcon, ShareIcon } from '../../../components/icons';
import { ErrorState, isNotFound } from '../../../components/states';
import { shareVehicle } from '../../../components/share';
import { usePageTitle } from '../../../components/use-page-title';
import type { Vehicle } from '../../../lib/api-types';
import { formatDate, formatKm, formatNaira } from '../../../lib/format';
import { parseListingId } from '../../../lib/listing-id';
import { withReason } from '../../../lib/sentence';
import { useSession } from '../../auth/session';
import { useVehicle, vehicleQuery } from '../api/get-vehicle';
import { ListingBadges, VerifiedTag } from '../components/badges';
import { Gallery } from '../components/gallery';
import { SellerContact } from '../components/seller-contact';
import { ContactActions } from '../components/contact-actions';
import { PriceSafetyNote } from '../components/price-safety-note';
import { WishlistButton } from '../../wishlist/components/wishlist-button';
import { RentalOffer } from '../../rentals/components/rental-offer';
import { MarkSoldButton } from '../../listings/components/mark-sold-button';
import { RenewButton, daysLeft } from '../../listings/components/renew-button';
import { ReportButton } from '../../safety/components/report-button';
import { ChangesWaiting } from '../../listings/components/changes-waiting';

const TYPE_NAMES: Record<Vehicle['vehicleType'], string> = { car: 'Car', truck: 'Truck', motorcycle: 'Motorcycle', bus: 'Bus', bike: 'Bike' };
const CHARGING_NAMES: Record<Vehicle['chargingType'], string> = { AC: 'AC Only', DC: 'DC Only', Both: 'Both AC & DC' };

export function Component() {
  const id = parseListingId(useParams().id);
  const session = useSession();
  const query = useVehicle(id, session.user?.uid ?? 'visitor');
  usePageTitle(query.data?.title ?? (id === null || isNotFound(query.error) ? 'Vehicle Not Found' : null));

  // A member's own answer that could not come (offline, a kept copy of the page): the visitor's copy stays.
  const visitorCopy = useQueryClient().getQueryData<Vehicle>(vehicleQuery(id ?? 0, 'visitor').queryKey);
  if (id === null || isNotFound(query.error)) return <VehicleNotFound />;
  if (query.isError && !visitorCopy) return <ErrorState title="We could not load this vehicle" error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data && !visitorCopy) return <VehiclePageSkeleton />;
  const vehicle = (query.data ?? visitorCopy)!;
  const isOwner = session.user?.uid === vehicle.sellerId;
  const sold = vehicle.status === 'sold';

  return (
    <div className="page vehicle-page">
      <Link to="/browse" className="back-link">
        <ChevronLeftIcon width={16} height={16} /> Back to Browse
      </Link>
      {isOwner ? <OwnerBanner vehicle={vehicle} /> : sold && <SoldNotice vehicle={vehicle} />}
      <div className="vehicle-page__layout">
        <div className="stack-lg">
          <Gallery images={vehicle.imageUrls} title={vehicle.title} />
          <section className="card">
            <div className="vehicle-page__title-row">
              <div className="badges">
                <ListingBadges boost={vehicle.boost} isCarOfTheWeek={vehicle.isCarOfTheWeek} />
                {vehicle.isVerified && <VerifiedTag />}
              </div>
              <div className="vehicle-page__tools">
                {!sold && <WishlistButton vehicle={{ id: vehicle.id, title: vehicle.title, location: vehicle.location, price: vehicle.price, imageUrl: vehicle.imageUrls[0] ?? null, available: true }} className="btn btn--ghost" withText />}
                <button type="button" className="btn btn--ghost" onClick={() => void shareVehicle(vehicle.id, vehicle.title)}>
                  <ShareIcon width={18} height={18} /> Share
                </button>
              </div>
            </div>
            <h1>{vehicle.title}</h1>
            <p className="vehicle-page__location">
              <PinIcon width={16} height={16} /> {vehicle.location}
            </p>
            <p className="vehicle-page__price">
              {sold && <span className="status status--sold">Sold</span>}
              {formatNaira(vehicle.price)}
            </p>
            {vehicle.marketPrice?.comparison && <p className="vehicle-page__market small" data-testid="market-price">{vehicle.marketPrice.comparison}</p>}
            {!sold && <PriceSafetyNote price={vehicle.price} median={vehicle.marketPrice?.median} />}
            <ul className="key-facts">
              <li><GaugeIcon /> <span><strong>{formatKm(vehicle.mileage)}</strong><span className="muted small block">Mileage</span></span></li>
              <li><CalendarIcon /> <span><strong>{vehicle.year}</strong><span className="muted small block">Year</span></span></li>
              <li><BatteryIcon /> <span><strong>{formatKm(vehicle.range)}</strong><span className="muted small block">Range</span></span></li>
            </ul>
            <h2 className="h4">Description</h2>
            <p className="pre-line">{vehicle.description}</p>
          </section>
          <section className="card" aria-labelledby="specs-heading">
            <h2 id="specs-heading" className="h4">Specifications</h2>
            <dl className="specs">
              <Spec term="Brand" value={vehicle.brand} />
              <Spec term="Model" value={vehicle.model} />
              <Spec term="Year" value={String(vehicle.year)} />
              <Spec term="Vehicle Type" value={TYPE_NAMES[vehicle.vehicleType]} />
              <Spec term="Mileage" value={formatKm(vehicle.mileage)} />
              <Spec term="Electric Range" value={formatKm(vehicle.range)} />
              <Spec term="Location" value={vehicle.location} />
              <Spec term="Price" value={formatNaira(vehicle.price)} />
              <Spec term="Battery Health" value={`${vehicle.batteryHealth}%`} />
              <Spec term="Charging" value={CHARGING_NAMES[vehicle.chargingType]} />
              {vehicle.fastChargingTime !== null && <Spec term="Fast Charging Time" value={`${vehicle.fastChargingTime} min`} />}
            </dl>
          </section>
        </div>
        <aside className="vehicle-page__aside">
          <SellerContact vehicle={vehicle} signedIn={session.status === 'signedIn'} actions={sold ? null : <ContactActions vehicle={vehicle} />} />
          {!sold && <RentalOffer vehicle={vehicle} />}
          {!isOwner && (
            <p className="report-links small">
              <ReportButton target="listing" targetId={String(vehicle.id)} name={vehicle.title} />
              <ReportButton target="user" targetId={vehicle.sellerId} name={vehicle.seller.name} />
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}

/** The page's frame while the listing loads: the photo and the cards at their final sizes, so nothing jumps when it arrives. */
function VehiclePageSkeleton() {
  return (
    <div className="page vehicle-page" role="status">
      <span className="visually-hidden">Loading vehicle...</span>
      <Link to="/browse" className="back-link">
        <ChevronLeftIcon width={16} height={16} /> Back to Browse
      </Link>
      <div className="vehicle-page__layout" aria-hidden="true">
        <div className="stack-lg">
          <div className="gallery">
            <div className="gallery__stage skeleton" />
          </div>
          <div className="card vehicle-page__skeleton-card">
            <div className="skeleton skeleton--line" style={{ width: '30%' }} />
            <div className="skeleton skeleton--heading" />
            <div className="skeleton skeleton--line" style={{ width: '25%' }} />
            <div className="skeleton skeleton--price" />
          </div>
        </div>
        <div className="card vehicle-page__skeleton-card vehicle-page__aside">
          <div className="skeleton skeleton--line" style={{ width: '50%' }} />
          <div className="skeleton skeleton--line" style={{ width: '70%' }} />
        </div>
      </div>
    </div>
  );
}

function Spec({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function OwnerBanner({ vehicle }: { vehicle: Vehicle }) {
  const text = {
    pending: 'Your listing is pending review. Buyers will see it once a moderator approves it.',
    active: `Your listing is live${vehicle.expiresAt ? ` until ${formatDate(vehicle.expiresAt)}` : ''}.`,
    rejected: withReason('Your listing was rejected', vehicle.rejectionReason, 'Edit it to submit it again.'),
    sold: `You marked this listing sold${vehicle.soldAt ? ` on ${formatDate(vehicle.soldAt)}` : ''}. It is off Browse; its chats stay open.`,
    expired: 'Your listing expired after 60 days and is off the market. Still for sale? Renew it and it is live again at once.',
    suspended: 'Your listing is hidden while your account is suspended. It comes back when the suspension ends.',
  }[vehicle.status];
  const tone = { rejected: 'danger', pending: 'warning', active: 'success', sold: 'info', expired: 'warning', suspended: 'danger' }[vehicle.status];
  const soon = vehicle.status === 'active' && vehicle.expiresAt && daysLeft(vehicle.expiresAt) <= 7;
  return (
    <>
      <div className={`notice notice--${tone} owner-banner`}>
        <p>{text}</p>
        {vehicle.status !== 'sold' && vehicle.status !== 'suspended' && (
          <span className="owner-banner__actions">
            {(vehicle.status === 'expired' || soon) && <RenewButton vehicle={vehicle} className="btn btn--primary" />}
            <Link to={`/edit-listing/${vehicle.id}`} className="btn btn--outline">
              Edit Listing
            </Link>
            {vehicle.status === 'active' && <MarkSoldButton vehicle={vehicle} className="btn btn--outline" />}
          </span>
        )}
      </div>
      {vehicle.changeReview && <ChangesWaiting review={vehicle.changeReview} />}
    </>
  );
}

/** A sold listing stays readable for links and chats, and points the buyer to ones like it. */
function SoldNotice({ vehicle }: { vehicle: Vehicle }) {
  const similar = new URLSearchParams({ brand: vehicle.brand, model: vehicle.model });
  return (
    <div className="notice notice--info owner-banner" role="status">
      <p>This vehicle was sold{vehicle.soldAt ? ` on ${formatDate(vehicle.soldAt)}` : ''}. It is no longer for sale.</p>
      <Link to={`/browse?${similar.toString()}`} className="btn btn--outline">
        See {vehicle.brand} {vehicle.model} for sale
      </Link>
    </div>
  );
}

export function VehicleNotFound() {
  return (
    <div className="page state">
      <h1 className="state__title">Vehicle Not Found</h1>
      <p className="muted">This vehicle may have been sold or removed.</p>
      <Link to="/browse" className="btn btn--primary">
        Browse Vehicles
      </Link>
    </div>
  );
}

/** The singular path some links used. */
export function RedirectToVehicle() {
  const { id } = useParams();
  return <Navigate to={`/vehicles/${id ?? ''}`} replace />;
}
