import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ChevronLeftIcon } from '../../../components/icons';
import { EmptyState, ErrorState, isNotFound, Spinner } from '../../../components/states';
import { usePageTitle } from '../../../components/use-page-title';
import type { SellerProfile } from '../../../lib/api-types';
import { countOf } from '../../../lib/format';
import { useSession } from '../../auth/session';
import { SellerBadges } from '../../../components/seller-badges';
import { RatingBadge } from '../../reviews/components/rating';
import { ReviewList } from '../../reviews/components/review-list';
import { VehicleCard } from '../../vehicles/components/vehicle-card';
import { useSeller } from '../api/get-seller';
import { SELLER_LISTINGS_PAGE, type SellerListingSort, useSellerListings } from '../api/get-seller-listings';

const SORTS: { value: SellerListingSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

const memberSince = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' });

/** /sellers/:id: who a seller is, their record from real dealings, how they answer buyers, and their live listings. */
export function Component() {
  const id = useParams().id ?? '';
  const session = useSession();
  const viewer = session.user?.uid ?? 'visitor';
  const seller = useSeller(id, viewer);
  usePageTitle(seller.data ? `${seller.data.name} — Seller` : isNotFound(seller.error) ? 'Seller Not Found' : null);

  if (isNotFound(seller.error)) {
    return (
      <div className="page state">
        <h1 className="state__title">Seller Not Found</h1>
        <p className="muted">This seller has no listings on Voltmarket.</p>
        <Link to="/browse" className="btn btn--primary">Browse Vehicles</Link>
      </div>
    );
  }
  if (seller.isError) return <ErrorState title="We could not load this seller" error={seller.error} onRetry={() => void seller.refetch()} />;
  if (!seller.data) return <div className="page"><Spinner label="Loading seller..." /></div>;
  return (
    <div className="page seller-page stack-lg">
      <Link to="/browse" className="back-link">
        <ChevronLeftIcon width={16} height={16} /> Back to Browse
      </Link>
      <SellerHeader seller={seller.data} />
      <section aria-labelledby="seller-listings-heading" className="stack">
        <SellerListings seller={seller.data} viewer={viewer} />
      </section>
      <section id="reviews" aria-labelledby="reviews-heading" className="stack">
        <h2 id="reviews-heading" className="h3">Reviews</h2>
        <ReviewList userId={seller.data.id} viewerId={session.user?.uid ?? null} />
      </section>
    </div>
  );
}

function SellerHeader({ seller }: { seller: SellerProfile }) {
  const reply = seller.responsiveness;
  return (
    <section className="card seller-header" aria-labelledby="seller-name">
      {/* Divs, not a paragraph: a heading inside a <p> is not HTML, and a browser reading the server's page would move it out. */}
      <div className="seller-card__name seller-header__name">
        <span className="avatar avatar--lg" aria-hidden="true">{seller.name.charAt(0).toUpperCase()}</span>
        <div className="user-text">
          <h1 id="seller-name" className="h2">{seller.name}</h1>
          <span className="muted small">Member since {memberSince(seller.memberSince)}{seller.cities.length > 0 ? ` · Listings in ${seller.cities.join(', ')}` : ''}</span>
        </div>
      </div>
      <ul className="seller-facts">
        <li><RatingBadge rating={seller.rating} /></li>
        <SellerBadges as="li" phoneVerified={seller.phoneVerified} verifiedDealer={seller.verifiedDealer} />
        {seller.emailVerified && <li className="tag tag--verified">Email verified</li>}
        <li>{countOf(seller.liveListings, 'listing')} for sale</li>
        <li>{countOf(seller.listingsSold, 'vehicle')} sold</li>
        {reply && (
          <li>
            Answers {reply.responseRate}% of buyers{reply.responseTime ? `, ${reply.responseTime}` : ''}{' '}
            <span className="muted small">(last 90 days, {countOf(reply.chats, 'chat')})</span>
          </li>
        )}
      </ul>
    </section>
  );
}

function SellerListings({ seller, viewer }: { seller: SellerProfile; viewer: string }) {
  const [sort, setSort] = useState<SellerListingSort>('newest');
  const [offset, setOffset] = useState(0);
  const listings = useSellerListings(seller.id, sort, offset, viewer);
  const total = listings.data?.total ?? seller.liveListings;
  return (
    <>
      <div className="section-head">
        <h2 id="seller-listings-heading" className="h3">For sale ({total})</h2>
        <label className="inline-field small">
          Sort{' '}
          <select value={sort} onChange={(e) => { setSort(e.target.value as SellerListingSort); setOffset(0); }}>
            {SORTS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </select>
        </label>
      </div>
      {listings.isError ? (
        <ErrorState title="We could not load these listings" error={listings.error} onRetry={() => void listings.refetch()} />
      ) : !listings.data ? (
        <Spinner label="Loading listings..." />
      ) : listings.data.items.length === 0 ? (
        <EmptyState title="Nothing for sale right now" />
      ) : (
        <div className="vehicle-grid" aria-busy={listings.isFetching}>
          {listings.data.items.map((v) => <VehicleCard key={v.id} vehicle={v} />)}
        </div>
      )}
      {total > SELLER_LISTINGS_PAGE && (
        <nav className="pager" aria-label="Listing pages">
          <button type="button" className="btn btn--outline btn--sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - SELLER_LISTINGS_PAGE))}>Previous</button>
          <span className="small muted">{offset + 1}–{Math.min(offset + SELLER_LISTINGS_PAGE, total)} of {total}</span>
          <button type="button" className="btn btn--outline btn--sm" disabled={offset + SELLER_LISTINGS_PAGE >= total} onClick={() => setOffset(offset + SELLER_LISTINGS_PAGE)}>Next</button>
        </nav>
      )}
    </>
  );
}
