import type { BulkModerationResult } from '../../data/api-types';

/** The server's reason for a failure when it gave one, else the marketplace's default wording. */
export function failureReason(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export const DEFAULT_FAILURES = {
  approve: 'Failed to approve the vehicle. Please try again.',
  reject: 'Failed to reject the vehicle. Please try again.',
  delete: 'Failed to delete the vehicle. Please try again.',
  update: 'Failed to update the vehicle. Please try again.',
} as const;

/** "3 approved, 1 could not be: “2021 Volvo EX30” (#12): This listing is already active." */
export function bulkSummary(result: BulkModerationResult, verb: 'approved' | 'rejected', titleOf: (id: number) => string | undefined = () => undefined): string {
  const done = `${result.updated.length} ${verb}`;
  if (!result.failed.length) return `${done}.`;
  const reasons = result.failed.map((f) => {
    const title = titleOf(f.id);
    return `${title ? `“${title}” (#${f.id})` : `#${f.id}`}: ${f.message.replace(/\.$/, '')}`;
  });
  return `${done}, ${result.failed.length} could not be: ${reasons.join('; ')}.`;
}

// The contract accepts at most 100 ids per bulk call; a selection spanning pages can be larger.
export function batchesOf<T>(items: T[], size = 100): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

export const mergeResults = (results: BulkModerationResult[]): BulkModerationResult => ({
  updated: results.flatMap((r) => r.updated),
  failed: results.flatMap((r) => r.failed),
});
