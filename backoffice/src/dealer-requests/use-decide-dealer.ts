import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminDealerRequest } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import { failureReason } from '../vehicles/moderation/moderation-messages';

/** Verify a dealer request, or reject it with a reason; the page follows. */
export function useDecideDealer() {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ request, reason }: { request: AdminDealerRequest; reason: string | null }) =>
      reason === null ? dataProvider.verifyDealer(request.id) : dataProvider.rejectDealer(request.id, reason),
    onSuccess: ({ data }) => {
      notify(data.status === 'verified'
        ? `${data.businessName} is a verified dealer: their listings and seller page say so now.`
        : `Request from ${data.businessName} rejected: the seller reads your reason in their profile.`, { type: 'success', multiLine: true });
      refresh();
    },
    onError: (error) => {
      notify(`Could not decide the request: ${failureReason(error, 'Please try again.')}`, { type: 'error', multiLine: true });
      refresh();
    },
  });
}
