import { useQuery } from '@tanstack/react-query';
import { apiGet, toQuery } from '../../../lib/api-client';
import type { ReviewEligibility } from '../../../lib/api-types';

/** A rental (rentalId) or a listing a buyer talked about (vehicleId). */
export type ReviewTarget = { rentalId: number } | { vehicleId: number };

export const getReviewEligibility = (target: ReviewTarget, signal?: AbortSignal) =>
  apiGet<ReviewEligibility>(`/api/reviews/eligibility${toQuery(target)}`, signal);

export const eligibilityKey = (target: ReviewTarget) => ['reviews', 'eligibility', target] as const;

/** Whether the signed-in person may review this now, why not, and their review once written. */
export function useReviewEligibility(target: ReviewTarget, enabled = true) {
  return useQuery({ queryKey: eligibilityKey(target), queryFn: ({ signal }) => getReviewEligibility(target, signal), enabled, retry: false });
}
