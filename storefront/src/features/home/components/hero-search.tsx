import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SelectField } from '../../../components/field';
import { SearchIcon } from '../../../components/icons';
import { PriceFields, type PriceTexts } from '../../vehicles/components/price-fields';
import { DEFAULT_FILTERS, filtersToParams, LOCATION_OPTIONS, priceRangeFromValue, priceRangeOptions, VEHICLE_TYPE_OPTIONS, type BrowseFilters } from '../../vehicles/filters';
import { checkPriceRange, type PriceBound } from '../../vehicles/price-input';

const CUSTOM = 'custom';

/** The hero's quick search: type, city and budget (a band, or a range of your own), opening Browse with those filters. */
export function HeroSearch() {
  const navigate = useNavigate();
  const [vehicleType, setVehicleType] = useState<BrowseFilters['vehicleType']>('all');
  const [location, setLocation] = useState('all');
  const [price, setPrice] = useState('all');
  const [priceTexts, setPriceTexts] = useState<PriceTexts>({ minPrice: '', maxPrice: '' });
  const [priceErrors, setPriceErrors] = useState<Partial<Record<PriceBound, string>>>({});

  const submit = () => {
    let bounds = priceRangeFromValue(price === CUSTOM ? 'all' : price);
    if (price === CUSTOM) {
      const checked = checkPriceRange(priceTexts.minPrice, priceTexts.maxPrice);
      setPriceErrors(checked.errors);
      if (Object.keys(checked.errors).length > 0) return;
      bounds = { minPrice: checked.minPrice, maxPrice: checked.maxPrice };
    }
    const params = filtersToParams({ ...DEFAULT_FILTERS, vehicleType, location, ...bounds });
    navigate(`/browse${params.size ? `?${params.toString()}` : ''}`);
  };

  return (
    // Without scripts the form goes to /browse as it is, the price band as `price` (see filtersFromParams).
    <form
      className="hero-search"
      method="get"
      action="/browse"
      role="search"
      aria-label="Find an electric vehicle"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SelectField label="Vehicle Type" name="vehicleType" options={VEHICLE_TYPE_OPTIONS} value={vehicleType} onChange={(e) => setVehicleType(e.target.value as BrowseFilters['vehicleType'])} />
      <SelectField label="Location" name="location" options={LOCATION_OPTIONS} value={location} onChange={(e) => setLocation(e.target.value)} />
      <SelectField
        label="Price Range"
        name="price"
        options={[...priceRangeOptions('all'), { value: CUSTOM, label: 'Custom range' }]}
        value={price}
        onChange={(e) => setPrice(e.target.value)}
      />
      {price === CUSTOM && (
        <div className="hero-search__prices">
          <PriceFields texts={priceTexts} errors={priceErrors} onText={(bound, text) => setPriceTexts((texts) => ({ ...texts, [bound]: text }))} />
        </div>
      )}
      <button type="submit" className="btn btn--primary hero-search__submit">
        <SearchIcon /> Search EVs
      </button>
    </form>
  );
}
