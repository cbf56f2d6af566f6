import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh, useUnselectAll, type Identifier } from 'react-admin';
import type { BulkModerationResult, Vehicle } from '../../data/api-types';
import { useVoltmarket } from '../../data/use-voltmarket';
import { batchesOf, bulkSummary, DEFAULT_FAILURES, failureReason, mergeResults } from './moderation-messages';

type Listing = Pick<Vehicle, 'id' | 'title'>;

/** Approve one pending listing: it goes live and verified. */
export function useApproveVehicle() {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (listing: Listing) => dataProvider.approveVehicle(listing.id),
    onSuccess: (_result, listing) => {
      notify(`Vehicle Approved: “${listing.title}” is now live on Voltmarket.`, { type: 'success' });
      refresh();
    },
    onError: (error) => notify(`Approval Failed: ${failureReason(error, DEFAULT_FAILURES.approve)}`, { type: 'error' }),
  });
}

/** Reject one listing with a reason: it is removed from the public listings and the seller sees why. */
export function useRejectVehicle() {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ listing, reason }: { listing: Listing; reason: string }) => dataProvider.rejectVehicle(listing.id, reason),
    onSuccess: (_result, { listing }) => {
      notify(`Vehicle Rejected: “${listing.title}” has been removed from the listings.`, { type: 'success' });
      refresh();
    },
    onError: (error) => notify(`Rejection Failed: ${failureReason(error, DEFAULT_FAILURES.reject)}`, { type: 'error' }),
  });
}

/** Approve or reject the selected rows; each listing succeeds or fails on its own, and the toast says which. */
export function useBulkModeration(kind: 'approve' | 'reject', titleOf?: (id: number) => string | undefined) {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('vehicles');
  return useMutation({
    mutationFn: async ({ ids, reason }: { ids: Identifier[]; reason?: string }) => {
      // The API would fill in a default reason; the backoffice always sends the one the moderator chose.
      if (kind === 'reject' && !reason) throw new Error('Choose a reason for the rejection.');
      const results: BulkModerationResult[] = [];
      for (const batch of batchesOf(ids)) {
        results.push(kind === 'approve' ? await dataProvider.bulkApproveVehicles(batch) : await dataProvider.bulkRejectVehicles(batch, reason!));
      }
      return mergeResults(results);
    },
    onSuccess: (result) => {
      notify(bulkSummary(result, kind === 'approve' ? 'approved' : 'rejected', titleOf), { type: result.failed.length ? 'warning' : 'success', multiLine: true });
      unselectAll();
      refresh();
    },
    onError: (error) => {
      notify(`${kind === 'approve' ? 'Approval' : 'Rejection'} Failed: ${failureReason(error, DEFAULT_FAILURES[kind])}`, { type: 'error' });
      // An earlier batch may have gone through before this one failed.
      refresh();
    },
  });
}
