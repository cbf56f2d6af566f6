import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Review } from '../../../lib/api-types';

export const replyToReview = async (id: number, reply: string): Promise<Review> =>
  (await apiRequest<Review>(`/api/reviews/${id}/reply`, { method: 'POST', body: { reply } })).data;

/** The person reviewed answers once; the lists are read again. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) => replyToReview(id, reply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
