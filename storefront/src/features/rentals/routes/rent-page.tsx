import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/use-page-title';
import type { RentalVehicle } from '../../../lib/api-types';
import { formatNumber } from '../../../lib/format';
import { parseListingId } from '../../../lib/listing-id';
import { useSession } from '../../auth/session';
import { useRentalSearch } from '../api/search-rental-vehicles';
import { RentalFilterCard } from '../components/rental-filter-card';
import { RentalSteps } from '../components/rental-steps';
import { RentalVehicleCard, RentalVehicleCardSkeleton } from '../components/rental-vehicle-card';
import { formatStay } from '../rental-dates';
import { isFiltered, NO_RENTAL_FILTERS, rentalFiltersFromParams, rentalFiltersToParams, type RentalFilters } from '../rental-filters';
import { checkStay, hasErrors } from '../stay-rules';

// The dialog brings the calendar with it: fetched when someone is about to book, not with the page.
const loadDialog = () => import('../components/booking-dialog');
const BookingDialog = lazy(loadDialog);

/** The parameter that opens the booking dialog on a vehicle, so signing in can bring a renter straight back to it. */
const BOOK = 'book';

export function Component() {
  usePageTitle('Rent Electric Vehicles');
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Only the search's own parameters make the search: opening the dialog does not ask again.
  const searchText = rentalFiltersToParams(rentalFiltersFromParams(params)).toString();
  const filters = useMemo(() => rentalFiltersFromParams(new URLSearchParams(searchText)), [searchText]);
  // A shared or old link may carry days already past: say what to change instead of asking the server.
  const addressErrors = useMemo(() => checkStay(filters, { required: false }), [filters]);
  const searchable = !hasErrors(addressErrors);
  const search = useRentalSearch(filters, searchable);
  const booking = parseListingId(params.get(BOOK) ?? undefined);

  const apply = useCallback((next: RentalFilters) => setParams(rentalFiltersToParams(next)), [setParams]);
  const clear = () => apply(NO_RENTAL_FILTERS);
  const setBooking = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(BOOK);
        else next.set(BOOK, String(id));
        return next;
      },
      { replace: true },
    );

  // Rent Now opens the dialog through the address; a visitor (or a shared link opened signed out) is
  // asked to sign in and brought back to the same search with the dialog open.
  const signedOut = session.status === 'signedOut';
  useEffect(() => {
    if (booking === null || !signedOut) return;
    const back = new URLSearchParams(searchText);
    back.set(BOOK, String(booking));
    const href = `/auth?redirect=${encodeURIComponent(`/rent?${back.toString()}`)}`;
    toast({ title: 'Sign In Required', description: 'Please sign in to rent electric vehicles.', variant: 'destructive', action: { label: 'Sign In', href, navigate: (to) => navigate(to) } });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BOOK);
        return next;
      },
      { replace: true },
    );
  }, [booking, signedOut, searchText, navigate, setParams]);
  const rent = (vehicle: RentalVehicle) => setBooking(vehicle.id);

  const vehicles = useMemo(() => search.data?.pages.flatMap((p) => p.vehicles) ?? [], [search.data]);
  const total = search.data?.pages[0]?.total ?? 0;
  const dated = filters.startDate !== '' && filters.endDate !== '';

  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <h1>Rent an Electric Vehicle</h1>
          <p className="hero__lead">Drive electric by the day, the week or the month. Choose from EVs across Nigeria, see the full price for your dates and book with the owner.</p>
        </div>
      </section>

      <div className="page">
        <RentalFilterCard filters={filters} addressErrors={addressErrors} onSearch={apply} onClear={clear} />

        <p className="results-bar__count rental-results__count" aria-live="polite">
          {!searchable || search.isError ? '' : search.isPending ? 'Loading...' : dated ? `${formatNumber(total)} ${total === 1 ? 'vehicle' : 'vehicles'} free ${formatStay(filters.startDate, filters.endDate)}` : `${formatNumber(total)} ${total === 1 ? 'vehicle' : 'vehicles'} for rent`}
        </p>

        {!searchable ? (
          <EmptyState title="Choose new dates to search">
            <p className="muted">{Object.values(addressErrors).join('. ')}.</p>
            <button type="button" className="btn btn--outline" onClick={() => apply({ ...filters, startDate: '', endDate: '' })}>
              Clear dates
            </button>
          </EmptyState>
        ) : search.isError && !search.data ? (
          <ErrorState title="We could not load rental vehicles" error={search.error} onRetry={() => void search.refetch()} />
        ) : search.isPending ? (
          <div className="vehicle-grid" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => <RentalVehicleCardSkeleton key={i} />)}
          </div>
        ) : vehicles.length === 0 ? (
          <EmptyState title={dated ? 'No vehicles are free on those dates.' : 'No rental vehicles match your search.'}>
            <p className="muted">{dated ? 'Try other dates or another city.' : 'Try another city or vehicle type.'}</p>
            {isFiltered(filters) && (
              <button type="button" className="btn btn--outline" onClick={clear}>
                Clear Filters
              </button>
            )}
          </EmptyState>
        ) : (
          <>
            {/* The cards' titles are level 3: the list gets its heading for screen readers. */}
            <h2 className="visually-hidden">Rental vehicles</h2>
            <div className={`vehicle-grid${search.isPlaceholderData ? ' is-stale' : ''}`}>
              {vehicles.map((v, i) => (
                <RentalVehicleCard key={v.id} vehicle={v} priority={i === 0} onRent={rent} onIntent={() => void loadDialog()} />
              ))}
            </div>
            <div className="more-results">
              <p className="muted small">
                Showing {formatNumber(vehicles.length)} of {formatNumber(total)}
              </p>
              {search.isFetchNextPageError && <p role="alert">We could not load more vehicles.</p>}
              {search.hasNextPage && (
                <button type="button" className="btn btn--outline" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
                  {search.isFetchingNextPage ? 'Loading...' : search.isFetchNextPageError ? 'Try again' : 'Load more vehicles'}
                </button>
              )}
            </div>
          </>
        )}
      </div>

      <RentalSteps />

      {booking !== null && session.status === 'signedIn' && (
        <Suspense fallback={null}>
          <BookingDialog vehicleId={booking} startDate={filters.startDate} endDate={filters.endDate} onClose={() => setBooking(null)} />
        </Suspense>
      )}
    </>
  );
}
