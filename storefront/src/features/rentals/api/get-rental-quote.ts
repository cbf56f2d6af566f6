import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, toQuery } from '../../../lib/api-client';
import type { RentalQuote } from '../../../lib/api-types';

export interface QuoteRequest {
  vehicleId: number;
  startDate: string;
  endDate: string;
}

export const getRentalQuote = ({ vehicleId, startDate, endDate }: QuoteRequest, signal?: AbortSignal) =>
  apiGet<RentalQuote>(`/api/rentals/quote${toQuery({ vehicleId, startDate, endDate })}`, signal);

export const rentalQuoteKey = (request: QuoteRequest) => ['rentals', 'quote', request] as const;

/** The server's price for a stay and whether its days are free; the only price ever shown for it. Not asked for without a request. */
export function useRentalQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: rentalQuoteKey(request ?? { vehicleId: 0, startDate: '', endDate: '' }),
    enabled: request !== null,
    queryFn: ({ signal }) => getRentalQuote(request!, signal),
    placeholderData: keepPreviousData,
  });
}
