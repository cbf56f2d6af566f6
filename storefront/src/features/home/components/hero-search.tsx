import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SelectField } from '../../../components/field';
import { SearchIcon } from '../../../components/icons';
import { DEFAULT_FILTERS, filtersToParams, LOCATION_OPTIONS, priceRangeFromValue, priceRangeOptions, VEHICLE_TYPE_OPTIONS, type BrowseFilters } from '../../vehicles/filters';

/** The hero's quick search: type, city and budget, opening Browse with those filters. */
export function HeroSearch() {
  const navigate = useNavigate();
  const [vehicleType, setVehicleType] = useState<BrowseFilters['vehicleType']>('all');
  const [location, setLocation] = useState('all');
  const [price, setPrice] = useState('all');
  return (
    <form
      className="hero-search"
      role="search"
      aria-label="Find an electric vehicle"
      onSubmit={(e) => {
        e.preventDefault();
        const params = filtersToParams({ ...DEFAULT_FILTERS, vehicleType, location, ...priceRangeFromValue(price) });
        navigate(`/browse${params.size ? `?${params.toString()}` : ''}`);
      }}
    >
      <SelectField label="Vehicle Type" options={VEHICLE_TYPE_OPTIONS} value={vehicleType} onChange={(e) => setVehicleType(e.target.value as BrowseFilters['vehicleType'])} />
      <SelectField label="Location" options={LOCATION_OPTIONS} value={location} onChange={(e) => setLocation(e.target.value)} />
      <SelectField label="Price Range" options={priceRangeOptions('all')} value={price} onChange={(e) => setPrice(e.target.value)} />
      <button type="submit" className="btn btn--primary hero-search__submit">
        <SearchIcon /> Search EVs
      </button>
    </form>
  );
}
