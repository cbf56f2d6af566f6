import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { formatNumber } from '../../../lib/format';
import { useMyRentals, type RentalSide } from '../api/get-my-rentals';
import { RentalRow } from './rental-row';

const SIDES: Record<RentalSide, { heading: string; loading: string; failed: string; empty: string; emptyText: string; link: string }> = {
  renter: {
    heading: 'My rentals',
    loading: 'Loading your rentals...',
    failed: 'We could not load your rentals',
    empty: 'You have not rented a vehicle yet',
    emptyText: 'Find an EV for a day, a week or a month.',
    link: 'Rent an EV',
  },
  owner: {
    heading: 'Requests for my vehicles',
    loading: 'Loading requests for your vehicles...',
    failed: 'We could not load requests for your vehicles',
    empty: 'No requests for your vehicles yet',
    emptyText: 'Requests to rent your vehicles appear here, for you to accept or decline.',
    link: 'See rental vehicles',
  },
};

/** Profile → Rentals: the bookings the person asked for, and those others asked for on their vehicles. */
export function RentalsTab() {
  return (
    <div className="stack-lg">
      <RentalList side="renter" />
      <RentalList side="owner" />
    </div>
  );
}

function RentalList({ side }: { side: RentalSide }) {
  const text = SIDES[side];
  const rentals = useMyRentals(side);
  const rows = rentals.data?.pages.flatMap((p) => p.rentals) ?? [];
  const total = rentals.data?.pages[0]?.total ?? 0;
  const headingId = `rentals-${side}-heading`;
  return (
    <section className="stack" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId} className="h3">{text.heading}</h2>
      </div>
      {rentals.isError && !rentals.data ? (
        <ErrorState title={text.failed} error={rentals.error} onRetry={() => void rentals.refetch()} />
      ) : !rentals.data ? (
        <Spinner label={text.loading} />
      ) : rows.length === 0 ? (
        <EmptyState title={text.empty}>
          <p className="muted small">{text.emptyText}</p>
          <Link to="/rent" className="btn btn--primary">{text.link}</Link>
        </EmptyState>
      ) : (
        <>
          <ul className="my-listings">
            {rows.map((r) => <RentalRow key={r.id} rental={r} side={side} />)}
          </ul>
          {rentals.hasNextPage && (
            <div className="more-results">
              <p className="muted small">Showing {formatNumber(rows.length)} of {formatNumber(total)}</p>
              <button type="button" className="btn btn--outline" disabled={rentals.isFetchingNextPage} onClick={() => void rentals.fetchNextPage()}>
                {rentals.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
