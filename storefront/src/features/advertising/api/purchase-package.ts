import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PurchaseInput, PurchaseResult } from '../../../lib/api-types';

/** Starts a checkout for one of the caller's live listings; the server prices the package. */
export const purchasePackage = async (input: PurchaseInput): Promise<Partial<PurchaseResult>> =>
  (await apiRequest<Partial<PurchaseResult>>('/api/advertising/purchase', { method: 'POST', body: input })).data;

export function usePurchasePackage() {
  return useMutation({ mutationFn: purchasePackage });
}
