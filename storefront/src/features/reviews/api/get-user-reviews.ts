import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, toQuery } from '../../../lib/api-client';
import type { ReviewList } from '../../../lib/api-types';

export const REVIEWS_PAGE = 10;

export const getUserReviews = (userId: string, as: 'seller' | 'renter', limit: number, signal?: AbortSignal) =>
  apiGet<ReviewList>(`/api/users/${encodeURIComponent(userId)}/reviews${toQuery({ as, limit })}`, signal);

export const userReviewsKey = (userId: string) => ['reviews', 'about', userId] as const;

/** What people said of someone as a seller or owner (or as a renter), newest first; `limit` grows with "Show more". */
export const userReviewsQuery = (userId: string, viewer: string, as: 'seller' | 'renter' = 'seller', limit = REVIEWS_PAGE) =>
  queryOptions({ queryKey: [...userReviewsKey(userId), as, limit, viewer], queryFn: ({ signal }) => getUserReviews(userId, as, limit, signal) });

export function useUserReviews(userId: string, viewer: string, as: 'seller' | 'renter' = 'seller', limit = REVIEWS_PAGE) {
  return useQuery({ ...userReviewsQuery(userId, viewer, as, limit), placeholderData: keepPreviousData });
}
