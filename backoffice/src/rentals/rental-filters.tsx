import { DateInput, NumberInput, SearchInput, SelectInput } from 'react-admin';
import { rentalStatusChoices } from './rental-status';

const listingNumber = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value) : null);

/** Filters on the bookings list: renter or vehicle, status and the days a booking holds; the listing from "Add filter". */
export const rentalFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Renter email or vehicle" inputProps={{ 'aria-label': 'Search renter email or vehicle title' }} />,
  <SelectInput key="status" source="status" label="Status" choices={rentalStatusChoices} alwaysOn />,
  <DateInput key="from" source="from" label="Holding days from" alwaysOn />,
  <DateInput key="to" source="to" label="Holding days to" alwaysOn />,
  <NumberInput key="vehicleId" source="vehicleId" label="Listing ID" min={1} step={1} parse={listingNumber} />,
];
