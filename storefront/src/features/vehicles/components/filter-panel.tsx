import { memo, useEffect, useRef, useState } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { useCatalogue } from '../api/get-catalogue';
import {
  LOCATION_OPTIONS,
  priceRangeFromValue,
  priceRangeOptions,
  priceRangeValue,
  VEHICLE_TYPE_OPTIONS,
  type BrowseFilters,
} from '../filters';
import { checkPriceRange, formatPriceInput, type PriceBound } from '../price-input';
import { PriceFields, type PriceTexts } from './price-fields';

interface FilterPanelProps {
  id?: string;
  filters: BrowseFilters;
  onChange: (changes: Partial<BrowseFilters>) => void;
  /** Offered on phones, where the panel is opened over the results: back to them. */
  onDone?: () => void;
}

const SEARCH_DELAY_MS = 400;

/** The filters' form: the sort order beside the results belongs to it too (for a browser without scripts). */
export const BROWSE_FORM = 'browse-filter-form';

const priceTextsOf = (filters: BrowseFilters): PriceTexts => ({ minPrice: formatPriceInput(filters.minPrice), maxPrice: formatPriceInput(filters.maxPrice) });

/** Memoised: a page of results arriving re-renders Browse, and the panel (with its long brand list) need not follow. */
export const FilterPanel = memo(function FilterPanel({ id, filters, onChange, onDone }: FilterPanelProps) {
  const catalogue = useCatalogue();
  const [search, setSearch] = useState(filters.search);
  const [priceTexts, setPriceTexts] = useState(() => priceTextsOf(filters));
  const [priceErrors, setPriceErrors] = useState<Partial<Record<PriceBound, string>>>({});

  // Searches this panel put in the address that have not come back yet. When one comes back, the
  // buyer may have typed on ("port h" sent, "port ha" in the box) or ended on a space: the box stays.
  const sent = useRef<string[]>([]);
  // Anything else that changes the address (Back, Clear All Filters, a search offered by the page): follow it.
  useEffect(() => {
    const ours = sent.current.indexOf(filters.search);
    sent.current = ours < 0 ? [] : sent.current.slice(ours + 1);
    if (ours < 0) setSearch(filters.search);
  }, [filters.search]);
  // Each bound follows the address on its own, so a draft in the other field survives this one's change.
  useEffect(() => setPriceTexts((texts) => ({ ...texts, minPrice: formatPriceInput(filters.minPrice) })), [filters.minPrice]);
  useEffect(() => setPriceTexts((texts) => ({ ...texts, maxPrice: formatPriceInput(filters.maxPrice) })), [filters.maxPrice]);
  // A shared address may carry a minimum above its maximum: say so rather than show an empty list unexplained.
  useEffect(
    () => setPriceErrors(checkPriceRange(formatPriceInput(filters.minPrice), formatPriceInput(filters.maxPrice)).errors),
    [filters.minPrice, filters.maxPrice],
  );

  // Typing settles for a moment before it becomes a new search.
  useEffect(() => {
    if (search.trim() === filters.search) return;
    const timer = window.setTimeout(() => {
      sent.current.push(search.trim());
      onChange({ search });
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters.search, onChange]);

  /** The typed price range when it is readable and new; prices are read when a field is left or Enter pressed, not per keystroke. */
  const typedPriceChange = (changing?: PriceBound): Pick<BrowseFilters, 'minPrice' | 'maxPrice'> | null => {
    const checked = checkPriceRange(priceTexts.minPrice, priceTexts.maxPrice, changing);
    setPriceErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return null;
    setPriceTexts({ minPrice: formatPriceInput(checked.minPrice), maxPrice: formatPriceInput(checked.maxPrice) });
    if (checked.minPrice === filters.minPrice && checked.maxPrice === filters.maxPrice) return null;
    return { minPrice: checked.minPrice, maxPrice: checked.maxPrice };
  };

  const brands = [...(catalogue.data?.brands.map((b) => b.name) ?? [])].sort((a, b) => a.localeCompare(b));
  if (filters.brand !== 'all' && !brands.includes(filters.brand)) brands.push(filters.brand);
  const locations = LOCATION_OPTIONS.some((o) => o.value === filters.location) ? LOCATION_OPTIONS : [...LOCATION_OPTIONS, { value: filters.location, label: filters.location }];
  const price = priceRangeValue(filters);

  /** Enter in a text field: the search and the typed prices at once, as one change. */
  const commitTyped = () => {
    const changes: Partial<BrowseFilters> = { ...typedPriceChange() };
    if (search.trim() !== filters.search) {
      changes.search = search;
      sent.current.push(search.trim());
    }
    if (Object.keys(changes).length > 0) onChange(changes);
  };

  return (
    <section id={id} className="filter-panel" aria-label="Filters">
      {/* A plain search form too: a browser without scripts (Opera Mini's server, a script that failed
          to arrive) submits it to /browse, which the server renders with the results. */}
      <form
        id={BROWSE_FORM}
        className="filter-panel__grid"
        role="search"
        method="get"
        action="/browse"
        onSubmit={(e) => {
          e.preventDefault();
          commitTyped();
        }}
        // With several text fields and no submit button, Enter would not submit the form by itself.
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
          e.preventDefault();
          commitTyped();
        }}
      >
        {/* First, and shown on a phone while the other filters wait behind "Filters (N)": the first thing a buyer types. */}
        <div className="filter-panel__search">
          <TextField
            label="Search"
            name="search"
            type="search"
            placeholder="Search vehicles..."
            maxLength={100}
            enterKeyHint="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <SelectField
          label="Vehicle Type"
          name="vehicleType"
          options={VEHICLE_TYPE_OPTIONS}
          value={filters.vehicleType}
          onChange={(e) => onChange({ vehicleType: e.target.value as BrowseFilters['vehicleType'] })}
        />
        <SelectField
          label="Brand"
          name="brand"
          options={[{ value: 'all', label: 'All Brands' }, ...brands.map((b) => ({ value: b, label: b }))]}
          value={filters.brand}
          onChange={(e) => onChange({ brand: e.target.value })}
        />
        <SelectField label="Location" name="location" options={locations} value={filters.location} onChange={(e) => onChange({ location: e.target.value })} />
        <SelectField label="Price Range" options={priceRangeOptions(price)} value={price} onChange={(e) => onChange(priceRangeFromValue(e.target.value))} />
        <PriceFields
          named
          texts={priceTexts}
          errors={priceErrors}
          onText={(bound, text) => setPriceTexts((texts) => ({ ...texts, [bound]: text }))}
          onLeave={(bound) => {
            const change = typedPriceChange(bound);
            if (change) onChange(change);
          }}
        />
        {/* What the panel has no control for travels with the form. */}
        {filters.model && <input type="hidden" name="model" value={filters.model} />}
        {filters.yearMin !== null && <input type="hidden" name="yearMin" value={filters.yearMin} />}
        {filters.yearMax !== null && <input type="hidden" name="yearMax" value={filters.yearMax} />}
        <noscript>
          <button type="submit" className="btn btn--primary filter-panel__submit">
            Search
          </button>
        </noscript>
      </form>
      {onDone && (
        <button type="button" className="btn btn--light btn--block filter-panel__done" onClick={onDone}>
          Show results
        </button>
      )}
    </section>
  );
});
