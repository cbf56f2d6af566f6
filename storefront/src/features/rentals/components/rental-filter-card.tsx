import { useEffect, useRef, useState } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { focusFirstField } from '../../../components/focus-field';
import { SearchIcon } from '../../../components/icons';
import { addDays, MAX_DAYS_AHEAD, todayInLagos } from '../rental-dates';
import { LOCATION_MAX, RENTAL_TYPE_OPTIONS, type RentalFilters } from '../rental-filters';
import { checkStay, hasErrors, type StayErrors } from '../stay-rules';

interface RentalFilterCardProps {
  filters: RentalFilters;
  /** Errors of dates that came in the address (a shared or old link). */
  addressErrors: StayErrors;
  onSearch: (filters: RentalFilters) => void;
  onClear: () => void;
}

/** Location, type and the stay's days; nothing is searched until Search, and dates are checked first. */
export function RentalFilterCard({ filters, addressErrors, onSearch, onClear }: RentalFilterCardProps) {
  const [draft, setDraft] = useState(filters);
  const [errors, setErrors] = useState<StayErrors>(addressErrors);
  const form = useRef<HTMLFormElement>(null);

  // The address may change under us (Back, Clear filters): follow it.
  useEffect(() => setDraft(filters), [filters]);
  useEffect(() => setErrors(addressErrors), [addressErrors]);

  const today = todayInLagos();
  const set = (changes: Partial<RentalFilters>) => {
    setDraft((d) => ({ ...d, ...changes }));
    // A date being changed is no longer wrong in the way it was said to be.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !(field in changes))));
  };

  return (
    <section className="filter-panel rental-filters" aria-label="Find a rental">
      <form
        ref={form}
        role="search"
        method="get"
        action="/rent"
        noValidate
        className="rental-filters__grid"
        onSubmit={(e) => {
          e.preventDefault();
          const found = checkStay(draft, { required: false, today });
          setErrors(found);
          if (hasErrors(found)) return focusFirstField(form.current, Object.keys(found));
          onSearch(draft);
        }}
      >
        <TextField
          label="Location"
          name="location"
          placeholder="City or area, e.g. Port Harcourt"
          maxLength={LOCATION_MAX}
          value={draft.location}
          onChange={(e) => set({ location: e.target.value })}
        />
        <SelectField label="Vehicle type" name="type" options={RENTAL_TYPE_OPTIONS} value={draft.type} onChange={(e) => set({ type: e.target.value as RentalFilters['type'] })} />
        <TextField
          label="Start date"
          name="startDate"
          type="date"
          min={today}
          max={addDays(today, MAX_DAYS_AHEAD)}
          value={draft.startDate}
          error={errors.startDate}
          onChange={(e) => set({ startDate: e.target.value })}
        />
        <TextField
          label="End date"
          name="endDate"
          type="date"
          min={draft.startDate ? addDays(draft.startDate, 1) : addDays(today, 1)}
          max={addDays(today, MAX_DAYS_AHEAD)}
          value={draft.endDate}
          error={errors.endDate}
          hint="The day you return it; it is not charged."
          onChange={(e) => set({ endDate: e.target.value })}
        />
        <div className="rental-filters__actions">
          <button type="submit" className="btn btn--light">
            <SearchIcon /> Search
          </button>
          <button type="button" className="btn btn--outline-light" onClick={onClear}>
            Clear
          </button>
        </div>
      </form>
    </section>
  );
}
