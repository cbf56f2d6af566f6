import { NumberInput, SelectInput } from 'react-admin';
import { SellerInput } from '../components/SellerInput';
import { packageStatusChoices, packageTypeChoices, tierChoices } from '../lib/advertising-labels';

const listingNumber = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value) : null);

/** Filters on the boosts list: status and package at hand; tier, seller and listing from "Add filter". */
export const packageFilters = [
  <SelectInput key="status" source="status" label="Status" choices={packageStatusChoices} alwaysOn />,
  <SelectInput key="packageType" source="packageType" label="Package" choices={packageTypeChoices} alwaysOn />,
  <SelectInput key="tier" source="tier" label="Tier" choices={tierChoices} />,
  <SellerInput key="sellerId" source="sellerId" label="Seller" />,
  <NumberInput key="vehicleId" source="vehicleId" label="Listing ID" min={1} step={1} parse={listingNumber} />,
];
