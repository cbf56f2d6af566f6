import { NullableBooleanInput, SearchInput, TextInput } from 'react-admin';

/** Filters on the rental vehicles: a search over title, brand, model and city; whether it takes requests; the city. */
export const rentalVehicleFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title, brand, model or city" inputProps={{ 'aria-label': 'Search rental vehicles' }} />,
  <NullableBooleanInput key="isRentalAvailable" source="isRentalAvailable" label="Taking requests" trueLabel="Available" falseLabel="Not available" alwaysOn />,
  <TextInput key="location" source="location" label="City" />,
];
