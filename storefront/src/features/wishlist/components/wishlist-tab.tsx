import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { VehicleImage } from '../../../components/vehicle-image';
import type { WishlistItem } from '../../../lib/api-types';
import { formatDate, formatNaira } from '../../../lib/format';
import { useWishlist } from '../api/get-wishlist';
import { useToggleWishlist } from '../api/toggle-wishlist';

/** Profile → Wishlist: the listings the user saved, including those that have since left the market. */
export function WishlistTab() {
  const wishlist = useWishlist();
  return (
    <section className="stack" aria-labelledby="wishlist-heading">
      <h2 id="wishlist-heading" className="h3">My Wishlist</h2>
      {wishlist.isError ? (
        <ErrorState title="We could not load your wishlist" error={wishlist.error} onRetry={() => void wishlist.refetch()} />
      ) : !wishlist.data ? (
        <Spinner label="Loading your wishlist..." />
      ) : wishlist.data.length === 0 ? (
        <EmptyState title="Your wishlist is empty">
          <p className="muted">Tap the heart on a vehicle to keep it here.</p>
          <Link to="/browse" className="btn btn--primary">Browse Vehicles</Link>
        </EmptyState>
      ) : (
        <ul className="my-listings">
          {wishlist.data.map((item) => (
            <WishlistRow key={item.vehicle.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WishlistRow({ item }: { item: WishlistItem }) {
  const toggle = useToggleWishlist();
  const { vehicle } = item;
  return (
    <li className="card my-listing" data-vehicle-id={vehicle.id}>
      <VehicleImage src={vehicle.imageUrl ?? undefined} alt={vehicle.title} className="my-listing__image" width={160} height={120} sizes="160px" />
      <div className="my-listing__body">
        <p className="my-listing__title">
          <strong>{vehicle.title}</strong> {!vehicle.available && <span className="status status--rejected">No longer available</span>}
        </p>
        <p className="muted small">
          {vehicle.location && `${vehicle.location} · `}Added {formatDate(item.createdAt)}
        </p>
        {vehicle.price !== null && <p className="my-listing__price">{formatNaira(vehicle.price)}</p>}
      </div>
      <div className="my-listing__actions">
        {vehicle.available && (
          <Link to={`/vehicles/${vehicle.id}`} className="btn btn--outline btn--sm" aria-label={`View ${vehicle.title}`}>View</Link>
        )}
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={`Remove ${vehicle.title}`}
          disabled={toggle.isPending}
          onClick={() => void toggle.toggle(vehicle, false, true)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
