import { DateInput, NumberInput, SearchInput, SelectInput } from 'react-admin';
import { rentalStatusChoices } from './rental-status';

const listingNumber = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value) : null);

/**
 * Filters on the bookings list: renter or vehicle, status, and the days of the stay (a booking matches
 * when it holds a day on or after the first date and on or before the second); the listing from "Add
 * filter". On a phone only the search stays open, so the bookings start on the first screen: the figures
 * above filter by status, and the rest wait in "Add filter".
 */
export function rentalFilters(onPhone: boolean) {
  const open = !onPhone;
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Renter email or vehicle" inputProps={{ 'aria-label': 'Search renter email or vehicle title' }} />,
    <SelectInput key="status" source="status" label="Status" choices={rentalStatusChoices} alwaysOn={open} />,
    <DateInput key="from" source="from" label="Stay on or after" alwaysOn={open} />,
    <DateInput key="to" source="to" label="Stay on or before" alwaysOn={open} />,
    <NumberInput key="vehicleId" source="vehicleId" label="Listing ID" min={1} step={1} parse={listingNumber} />,
  ];
}
