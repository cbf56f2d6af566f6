import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { PaymentView } from '../../../lib/api-types';

export const getPayment = (reference: string, signal?: AbortSignal) => apiGet<PaymentView>(`/api/payments/${encodeURIComponent(reference)}`, signal);

/**
 * One of the caller's payments as the server knows it. While the gateway has not confirmed it, it is asked
 * again every `pollMs`, as long as `polling` holds.
 */
export function usePayment(reference: string | null, { polling, pollMs }: { polling: boolean; pollMs: number }) {
  return useQuery({
    queryKey: ['payments', reference],
    enabled: reference !== null,
    queryFn: ({ signal }) => getPayment(reference ?? '', signal),
    refetchInterval: (query) => (polling && query.state.data?.status === 'pending' ? pollMs : false),
    refetchIntervalInBackground: true,
  });
}
