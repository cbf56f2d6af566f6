import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Review, ReviewInput } from '../../../lib/api-types';

export const writeReview = async (input: ReviewInput): Promise<Review> => (await apiRequest<Review>('/api/reviews', { method: 'POST', body: input })).data;

/** Once written, whether one may review and every list of reviews are read again. */
export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: writeReview, onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }) });
}
