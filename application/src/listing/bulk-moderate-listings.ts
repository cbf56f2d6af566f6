import { type Actor, DomainError } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { ModerateListing } from './moderate-listing.js';

export interface BulkModerationInput {
  ids: number[];
  action: { kind: 'approve' } | { kind: 'reject'; reason?: string };
}

export interface BulkModerationResult {
  updated: number[];
  failed: { id: number; code: string; message: string }[];
}

/**
 * Approves or rejects several listings, each in its own transaction: one listing that cannot move
 * (already approved, deleted meanwhile) does not hold the others back, and the caller learns why.
 */
export class BulkModerateListings {
  constructor(private readonly moderate: ModerateListing) {}

  async execute(input: BulkModerationInput, actor: Actor | null): Promise<BulkModerationResult> {
    requireStaff(actor);
    const result: BulkModerationResult = { updated: [], failed: [] };
    for (const id of input.ids) {
      try {
        await this.moderate.execute({ id, action: input.action }, actor);
        result.updated.push(id);
      } catch (err) {
        // Bad input (a reason too long) is the same for every listing: it fails the request, not one row.
        if (!(err instanceof DomainError) || err.kind === 'validation') throw err;
        result.failed.push({ id, code: err.code, message: err.message });
      }
    }
    return result;
  }
}
