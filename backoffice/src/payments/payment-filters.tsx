import { DateInput, NumberInput, SearchInput, SelectInput } from 'react-admin';
import { SellerInput } from '../components/SellerInput';
import { paymentStatusChoices } from '../lib/advertising-labels';

// Listing numbers are positive whole numbers; anything else would be refused by the API.
const listingNumber = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value) : null);

/** Filters on the payments list: reference, status and the creation dates at hand; seller and listing from "Add filter". */
export const paymentFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search reference" inputProps={{ 'aria-label': 'Search reference' }} />,
  <SelectInput key="status" source="status" label="Status" choices={paymentStatusChoices} alwaysOn />,
  <DateInput key="from" source="from" label="Created from" alwaysOn />,
  <DateInput key="to" source="to" label="Created to" alwaysOn />,
  <SellerInput key="sellerId" source="sellerId" label="Seller" />,
  <NumberInput key="vehicleId" source="vehicleId" label="Listing ID" min={1} step={1} parse={listingNumber} />,
];
