import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminReview } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import { failureReason } from '../vehicles/moderation/moderation-messages';

/** Hide a review with a reason, or show it again; the page follows. */
export function useModerateReview() {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ review, reason }: { review: AdminReview; reason: string | null }) =>
      reason === null ? dataProvider.showReview(review.id) : dataProvider.hideReview(review.id, reason),
    onSuccess: ({ data }) => {
      notify(data.hidden ? `Review hidden: “${data.title}” no longer shows or counts in ${data.reviewee.name}'s rating.` : `Review shown again: “${data.title}” counts in ${data.reviewee.name}'s rating.`, { type: 'success', multiLine: true });
      refresh();
    },
    onError: (error) => {
      notify(`Could not change the review: ${failureReason(error, 'Please try again.')}`, { type: 'error', multiLine: true });
      refresh();
    },
  });
}
