import { useEffect, useState } from 'react';
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

interface FilterPanelProps {
  filters: BrowseFilters;
  onChange: (changes: Partial<BrowseFilters>) => void;
}

const SEARCH_DELAY_MS = 400;

export function FilterPanel({ filters, onChange }: FilterPanelProps) {
  const catalogue = useCatalogue();
  const [search, setSearch] = useState(filters.search);

  // The address may change under us (back button, Clear All Filters): follow it.
  useEffect(() => setSearch(filters.search), [filters.search]);

  // Typing settles for a moment before it becomes a new search.
  useEffect(() => {
    if (search === filters.search) return;
    const timer = window.setTimeout(() => onChange({ search }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const brands = [...(catalogue.data?.brands.map((b) => b.name) ?? [])].sort((a, b) => a.localeCompare(b));
  if (filters.brand !== 'all' && !brands.includes(filters.brand)) brands.push(filters.brand);
  const locations = LOCATION_OPTIONS.some((o) => o.value === filters.location) ? LOCATION_OPTIONS : [...LOCATION_OPTIONS, { value: filters.location, label: filters.location }];
  const price = priceRangeValue(filters);

  return (
    <section className="filter-panel" aria-label="Filters">
      <form
        className="filter-panel__grid"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ search });
        }}
      >
        <SelectField
          label="Vehicle Type"
          options={VEHICLE_TYPE_OPTIONS}
          value={filters.vehicleType}
          onChange={(e) => onChange({ vehicleType: e.target.value as BrowseFilters['vehicleType'] })}
        />
        <SelectField
          label="Brand"
          options={[{ value: 'all', label: 'All Brands' }, ...brands.map((b) => ({ value: b, label: b }))]}
          value={filters.brand}
          onChange={(e) => onChange({ brand: e.target.value })}
        />
        <SelectField label="Location" options={locations} value={filters.location} onChange={(e) => onChange({ location: e.target.value })} />
        <SelectField label="Price Range" options={priceRangeOptions(price)} value={price} onChange={(e) => onChange(priceRangeFromValue(e.target.value))} />
        <TextField
          label="Search"
          type="search"
          placeholder="Search vehicles..."
          maxLength={100}
          enterKeyHint="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>
    </section>
  );
}
