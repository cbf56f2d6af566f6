import { useListContext } from 'react-admin';
import type { Vehicle } from '../../data/api-types';

/** Titles of the listings on screen, so a bulk result can name the ones that failed. */
export function useListingTitles(): (id: number) => string | undefined {
  const { data } = useListContext<Vehicle>();
  return (id) => data?.find((listing) => Number(listing.id) === id)?.title;
}
