import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Inquiry } from '../../../lib/api-types';

export const getListingInquiries = (vehicleId: number, signal?: AbortSignal) => apiGet<Inquiry[]>(`/api/vehicles/${vehicleId}/inquiries`, signal);

export const listingInquiriesKey = (vehicleId: number) => ['inquiries', vehicleId] as const;

/** Inquiries about one of the seller's listings, newest first; asked for only once the seller opens them. */
export function useListingInquiries(vehicleId: number, enabled: boolean) {
  return useQuery({ queryKey: listingInquiriesKey(vehicleId), enabled, queryFn: ({ signal }) => getListingInquiries(vehicleId, signal) });
}
