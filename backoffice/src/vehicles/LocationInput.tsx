import { SelectInput, useRecordContext } from 'react-admin';
import type { Vehicle } from '../data/api-types';
import { choicesOf, useCatalogue } from '../data/use-catalogue';
import { validateListing } from './vehicle-validation';

/** A city from the catalogue, keeping the listing's own city selectable if the catalogue lacks it. */
export function LocationInput() {
  const listing = useRecordContext<Vehicle>();
  const { data: catalogue, isPending } = useCatalogue();
  return (
    <SelectInput source="location" label="Location" choices={choicesOf(catalogue?.locations ?? [], listing?.location)} isPending={isPending} validate={validateListing.location} />
  );
}
