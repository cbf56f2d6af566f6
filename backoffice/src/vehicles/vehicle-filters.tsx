import { NumberInput, SearchInput, SelectInput } from 'react-admin';
import { SellerInput } from '../components/SellerInput';
import { choicesOf, useCatalogue } from '../data/use-catalogue';
import { labelledChoices, VEHICLE_TYPE_LABELS } from '../lib/vehicle-labels';

// The API filters on whole naira and refuses decimals, so a typed amount is rounded.
const wholeNaira = (value: string): number | null => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Math.round(Number(value)));

/**
 * The vehicles list's filters (status has its own tabs above the table). Choices come from the
 * catalogue, so this is a hook rather than a constant array.
 */
export function useVehicleFilters() {
  const { data: catalogue, isPending } = useCatalogue();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search listings" inputProps={{ 'aria-label': 'Search listings' }} />,
    <SelectInput
      key="vehicleType"
      source="vehicleType"
      label="Vehicle type"
      choices={labelledChoices(catalogue?.vehicleTypes ?? [], VEHICLE_TYPE_LABELS)}
      isPending={isPending}
    />,
    <SelectInput key="brand" source="brand" label="Brand" choices={choicesOf(catalogue?.brands.map((b) => b.name) ?? [])} isPending={isPending} />,
    <SelectInput key="location" source="location" label="Location" choices={choicesOf(catalogue?.locations ?? [])} isPending={isPending} />,
    <SellerInput key="sellerId" source="sellerId" label="Seller" />,
    <NumberInput key="minPrice" source="minPrice" label="Min price (₦)" min={0} parse={wholeNaira} />,
    <NumberInput key="maxPrice" source="maxPrice" label="Max price (₦)" min={0} parse={wholeNaira} />,
  ];
}
