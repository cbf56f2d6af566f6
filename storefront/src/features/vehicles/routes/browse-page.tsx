import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../../components/states';
import { usePageTitle } from '../../../components/use-page-title';
import { formatNumber } from '../../../lib/format';
import { SaveSearchButton } from '../../saved-searches/components/save-search-button';
import { useVehicleSearch, type VehiclePage } from '../api/search-vehicles';
import { BROWSE_FORM, FilterPanel } from '../components/filter-panel';
import { VehicleCardSkeleton } from '../components/vehicle-card';
import { VehicleCards } from '../components/vehicle-cards';
import { countActiveFilters, DEFAULT_FILTERS, filtersFromParams, filtersToParams, isPriceRangeInverted, SORT_OPTIONS, VEHICLE_TYPE_OPTIONS, yearsText, type BrowseFilters } from '../filters';

export function Component() {
  usePageTitle('Buy Electric Vehicles');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const inverted = isPriceRangeInverted(filters);
  const search = useVehicleSearch(filters, !inverted);

  // Every change that reaches here is committed (a choice made, a search submitted or settled), so
  // each is its own history entry and Back returns to the search before it.
  const update = useCallback(
    (changes: Partial<BrowseFilters>) =>
      setParams((current) => {
        const before = filtersFromParams(current);
        const next = { ...before, ...changes };
        // A model belongs to its brand: another brand (or any) leaves it behind.
        if (changes.brand !== undefined && changes.brand !== before.brand && changes.model === undefined) next.model = '';
        return filtersToParams(next);
      }),
    [setParams],
  );
  // The empty state's buttons go away with the search they answer: focus moves on to the new count.
  const count = useRef<HTMLParagraphElement>(null);
  const clearAll = () => {
    setParams(filtersToParams({ ...DEFAULT_FILTERS, sort: filters.sort }));
    count.current?.focus();
  };

  const active = countActiveFilters(filters);
  const vehicles = useMemo(() => search.data?.pages.flatMap((p) => p.vehicles) ?? [], [search.data]);
  // A listing in a promoted slot is one of the search's too (its slot stands for its place on that page), and may come round again: counted once.
  const distinct = useMemo(() => new Set(vehicles.map((v) => v.id)).size, [vehicles]);
  const first = search.data?.pages[0];
  // Past 10,000 the server stops counting: "10,000+ vehicles found".
  const total = `${formatNumber(first?.total ?? 0)}${first?.totalCapped ? '+' : ''}`;
  const firstLoad = search.isPending;

  return (
    <div className="page">
      <header className="page-head">
        <h1>Buy Electric Vehicles</h1>
        <p className="muted">Find your perfect electric vehicle from verified sellers across Nigeria</p>
      </header>

      <CollapsibleFilters active={active}>
        {(close) => <FilterPanel id="browse-filters" filters={filters} onChange={update} onDone={close} />}
      </CollapsibleFilters>

      <div className="results-bar">
        <div className="results-bar__filters">
          <span>Active filters: {active}</span>
          <FilterChips
            filters={filters}
            onRemove={(changes) => {
              update(changes);
              count.current?.focus();
            }}
          />
          {active > 0 && (
            <button type="button" className="btn btn--link" onClick={clearAll}>
              Clear All Filters
            </button>
          )}
        </div>
        <p ref={count} tabIndex={-1} className="results-bar__count" aria-live="polite">
          {inverted ? '' : firstLoad ? 'Loading...' : search.isError ? '' : `${total} ${first?.total === 1 && !first.totalCapped ? 'vehicle' : 'vehicles'} found`}
        </p>
        {/* Beside the count, outside the filters a phone folds away: in sight on the first screen. */}
        <div className="results-bar__actions">
          <SaveSearchButton filters={filters} />
          <label className="results-bar__sort">
            <span>Sort by</span>
            <select className="input" name="sort" form={BROWSE_FORM} value={filters.sort} onChange={(e) => update({ sort: e.target.value as BrowseFilters['sort'] })}>
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {!inverted && first && <ReadFromText {...first.fromText} />}

      {inverted ? (
        <div className="state">
          <p className="state__title">The min price is above the max price, so no vehicle can match.</p>
          <button type="button" className="btn btn--outline" onClick={() => update({ minPrice: null, maxPrice: null })}>
            Clear Price Range
          </button>
        </div>
      ) : search.isError && !search.data ? (
        <ErrorState title="We could not load vehicles" error={search.error} onRetry={() => void search.refetch()} />
      ) : firstLoad ? (
        <div className="vehicle-grid" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <VehicleCardSkeleton key={i} />
          ))}
        </div>
      ) : vehicles.length === 0 ? (
        <div className="state">
          <p className="state__title">No vehicles found matching your criteria.</p>
          <div className="state__actions">
            {first?.fromText.location && first.fromText.words !== null && (
              // "tesla in kano" found nothing in Kano: the same search without the city the text named.
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => {
                  update({ search: first.fromText.words ?? '', vehicleType: first.fromText.vehicleType ?? filters.vehicleType });
                  count.current?.focus();
                }}
              >
                Search all of Nigeria
              </button>
            )}
            <button type="button" className="btn btn--outline" onClick={clearAll}>
              Clear Filters
            </button>
          </div>
        </div>
      ) : (
        <>
          {/* The cards' titles are level 3: the results get their heading for screen readers. */}
          <h2 className="visually-hidden">Results</h2>
          <div className={`vehicle-grid${search.isPlaceholderData ? ' is-stale' : ''}`}>
            <VehicleCards vehicles={vehicles} />
          </div>
          <MoreResults
            hasMore={!!search.hasNextPage}
            loading={search.isFetchingNextPage}
            failed={search.isFetchNextPageError}
            onMore={() => void search.fetchNextPage()}
            shown={distinct}
            total={total}
          />
        </>
      )}
    </div>
  );
}

/**
 * On a phone the filters would fill the first screen: they wait behind a "Filters (N)" button so the
 * results come first. Wider screens show them open (the button and the collapsing are CSS, so
 * nothing changes size once the page has loaded).
 */
function CollapsibleFilters({ active, children }: { active: number; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);
  return (
    <div
      className={`filters${open ? ' filters--open' : ''}`}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        // Also keeps Escape from emptying the search field, its default there.
        e.preventDefault();
        close();
      }}
    >
      <button ref={toggle} type="button" className="btn btn--outline filters__toggle" aria-expanded={open} aria-controls="browse-filters" onClick={() => setOpen(!open)}>
        Filters ({active})
      </button>
      {children(close)}
    </div>
  );
}

/**
 * The model and years a price alert searches by have no control in the panel: shown here, each
 * removable, so the buyer sees the whole search they are looking at.
 */
function FilterChips({ filters, onRemove }: { filters: BrowseFilters; onRemove: (changes: Partial<BrowseFilters>) => void }) {
  const years = yearsText(filters);
  const chips = [
    ...(filters.model ? [{ text: `Model: ${filters.model}`, changes: { model: '' } }] : []),
    ...(years ? [{ text: `Years: ${years}`, changes: { yearMin: null, yearMax: null } }] : []),
  ];
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips">
      {chips.map((chip) => (
        <li key={chip.text}>
          <button type="button" className="filter-chip" aria-label={`Remove ${chip.text}`} onClick={() => onRemove(chip.changes)}>
            <span className="user-text">{chip.text}</span> <span aria-hidden="true">✕</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * "buses in kano" is searched as buses in Kano, not as the words: said beside the results, since the
 * filters above still read "All".
 */
function ReadFromText({ location, vehicleType }: VehiclePage['fromText']) {
  if (!location && !vehicleType) return null;
  const type = VEHICLE_TYPE_OPTIONS.find((o) => o.value === vehicleType)?.label;
  const said = type && location ? `${type} in ${location}` : (type ?? location);
  return <p className="muted small read-from-text">Filtered from your search: {said}</p>;
}

/** Loads the next page as the end of the list scrolls into view; the button does the same by hand. */
function MoreResults({ hasMore, loading, failed, onMore, shown, total }: { hasMore: boolean; loading: boolean; failed: boolean; onMore: () => void; shown: number; total: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loading) onMore();
    }, { rootMargin: '600px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, failed, onMore]);

  return (
    <div ref={sentinel} className="more-results">
      <p className="muted small">
        Showing {formatNumber(shown)} of {total}
      </p>
      {failed && <p role="alert">We could not load more vehicles.</p>}
      {hasMore && (
        <button type="button" className="btn btn--outline" onClick={onMore} disabled={loading}>
          {loading ? 'Loading...' : failed ? 'Try again' : 'Load more vehicles'}
        </button>
      )}
    </div>
  );
}
