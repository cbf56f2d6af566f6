import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { packagesQuery } from '../features/advertising/api/get-packages';
import { marketplaceStatsQuery } from '../features/home/api/get-marketplace-stats';
import { rentalSearchQuery } from '../features/rentals/api/search-rental-vehicles';
import { rentalFiltersFromParams, rentalFiltersToParams } from '../features/rentals/rental-filters';
import { checkStay, hasErrors } from '../features/rentals/stay-rules';
import { userReviewsQuery } from '../features/reviews/api/get-user-reviews';
import { sellerQuery } from '../features/sellers/api/get-seller';
import { sellerListingsQuery } from '../features/sellers/api/get-seller-listings';
import { catalogueQuery } from '../features/vehicles/api/get-catalogue';
import { featuredVehiclesQuery } from '../features/vehicles/api/get-featured-vehicles';
import { vehicleQuery } from '../features/vehicles/api/get-vehicle';
import { vehicleSearchQuery } from '../features/vehicles/api/search-vehicles';
import { filtersFromParams, isPriceRangeInverted } from '../features/vehicles/filters';
import { parseListingId } from '../lib/listing-id';

// The data of each public page's first view (entry-server.tsx): the very queries its components make
// as a visitor, so the browser finds them answered. Each fails the first view if the API refuses it.

export const homePrefetch = (client: QueryClient) => [client.fetchQuery(featuredVehiclesQuery()), client.fetchQuery(marketplaceStatsQuery())];

export function browsePrefetch(client: QueryClient, _params: Params, search: URLSearchParams) {
  const filters = filtersFromParams(search);
  const catalogue = client.fetchQuery(catalogueQuery());
  return isPriceRangeInverted(filters) ? [catalogue] : [catalogue, client.fetchInfiniteQuery(vehicleSearchQuery(filters))];
}

export function vehiclePrefetch(client: QueryClient, params: Params) {
  const id = parseListingId(params.id);
  return id === null ? [] : [client.fetchQuery(vehicleQuery(id, 'visitor'))];
}

export function sellerPrefetch(client: QueryClient, params: Params) {
  const id = params.id ?? '';
  return [client.fetchQuery(sellerQuery(id, 'visitor')), client.fetchQuery(sellerListingsQuery(id, 'newest', 0, 'visitor')), client.fetchQuery(userReviewsQuery(id, 'visitor'))];
}

export function rentPrefetch(client: QueryClient, _params: Params, search: URLSearchParams) {
  // As the page reads its address: through the filters and back (rent-page.tsx).
  const filters = rentalFiltersFromParams(new URLSearchParams(rentalFiltersToParams(rentalFiltersFromParams(search)).toString()));
  return hasErrors(checkStay(filters, { required: false })) ? [] : [client.fetchInfiniteQuery(rentalSearchQuery(filters))];
}

export const advertisePrefetch = (client: QueryClient) => [client.fetchQuery(packagesQuery())];
