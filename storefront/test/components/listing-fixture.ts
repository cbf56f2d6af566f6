import { emptyListingForm, type ListingFormValues } from '../../src/features/listings/listing-form-values';

/** A listing form that passes every client rule, with an already uploaded photo so no upload is needed. */
export function completeListingForm(changes: Partial<ListingFormValues> = {}): ListingFormValues {
  return {
    ...emptyListingForm(),
    title: '2022 Tesla Model 3',
    description: 'One owner, full service history.',
    brand: 'Tesla',
    model: 'Model 3',
    year: '2022',
    price: '25000000',
    mileage: '18000',
    range: '450',
    imageUrls: ['/uploads/2026/11/a.webp'],
    ...changes,
  };
}
