import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from '../../../lib/api-client';
import type { Rental } from '../../../lib/api-types';
import { useSession } from '../../auth/session';

/** renter: the bookings the caller asked for; owner: those of the caller's vehicles. */
export type RentalSide = 'renter' | 'owner';

export const MY_RENTALS_PAGE_SIZE = 50;
export const MY_RENTALS_KEY = ['my-rentals'] as const;

export interface MyRentalsPage {
  rentals: Rental[];
  total: number;
  offset: number;
}

export async function getMyRentals(as: RentalSide, offset: number, signal?: AbortSignal): Promise<MyRentalsPage> {
  const { data, headers } = await apiRequest<Rental[]>(`/api/rentals/mine${toQuery({ as, limit: MY_RENTALS_PAGE_SIZE, offset: offset || undefined })}`, { signal });
  return { rentals: data, total: Number(headers.get('X-Total-Count') ?? data.length), offset };
}

const myRentalsQuery = (as: RentalSide, uid: string) =>
  infiniteQueryOptions({
    queryKey: [...MY_RENTALS_KEY, as, uid],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getMyRentals(as, pageParam, signal),
    getNextPageParam: (last: MyRentalsPage) => {
      const next = last.offset + last.rentals.length;
      return last.rentals.length > 0 && next < last.total && next <= 10_000 ? next : undefined;
    },
  });

/** The signed-in person's bookings on one side, newest first. */
export function useMyRentals(as: RentalSide) {
  const { user } = useSession();
  return useInfiniteQuery({ ...myRentalsQuery(as, user?.uid ?? ''), enabled: !!user });
}
