import { type ListingChangeStatus, type ListingDetailsPatch, type ModerationFlag, REJECTED_CHANGES_SHOWN_DAYS } from '@voltmarket/domain';

/** A seller's changes to a live listing that wait for (or had) a moderator's decision. */
export interface ListingRevision {
  id: number;
  listingId: number;
  sellerId: string;
  status: ListingChangeStatus;
  /** The fields the seller wants, with their new values. */
  changes: ListingDetailsPatch;
  /** The same fields as they were live when the changes were last sent. */
  before: ListingDetailsPatch;
  reason: string | null;
  /** What screening found in the listing as it would be with these changes (staff only). */
  flags: ModerationFlag[];
  submittedAt: Date;
  decidedAt: Date | null;
}

/** A change waiting for staff, with what they need to decide it. */
export interface ListingRevisionForStaff extends ListingRevision {
  listingTitle: string;
  listingStatus: string;
  sellerName: string;
  /** The fields as they are live now (the "before" of the diff staff read). */
  live: ListingDetailsPatch;
}

export interface ListingRevisionQuery {
  ids?: number[];
  status?: ListingChangeStatus;
  listingId?: number;
  offset: number;
  limit: number;
}

/** Where waiting changes are kept; writes run in the caller's unit of work. */
export interface ListingRevisionStore {
  /** The change waiting for this listing, locked for the caller's transaction; null when none. */
  pendingFor(listingId: number): Promise<ListingRevision | null>;
  /** The latest change of each listing (any status). */
  latestFor(listingIds: readonly number[]): Promise<Map<number, ListingRevision>>;
  /** Replaces what waits for this listing (one pending change per listing). */
  propose(change: { listingId: number; sellerId: string; changes: ListingDetailsPatch; before: ListingDetailsPatch; flags: ModerationFlag[] }, now: Date): Promise<ListingRevision>;
  /** The seller took back everything that waited. */
  withdraw(listingId: number, now: Date): Promise<void>;
  find(id: number): Promise<ListingRevision | null>;
  findForUpdate(id: number): Promise<ListingRevision | null>;
  decide(id: number, decision: { status: 'approved' | 'rejected'; reason: string | null; by: string }, now: Date): Promise<void>;
  list(query: ListingRevisionQuery): Promise<{ items: ListingRevisionForStaff[]; total: number }>;
}

/** What a seller sees of their changes: waiting, or turned down (for two weeks, until they edit again). */
export interface ChangeReviewView {
  id: number;
  status: 'pending' | 'rejected';
  submittedAt: string;
  decidedAt: string | null;
  reason: string | null;
  changes: ListingDetailsPatch;
}

export function toChangeReviewView(change: ListingRevision | undefined | null, now: Date): ChangeReviewView | null {
  if (!change) return null;
  if (change.status === 'pending' || (change.status === 'rejected' && change.decidedAt
    && now.getTime() - change.decidedAt.getTime() < REJECTED_CHANGES_SHOWN_DAYS * 86_400_000)) {
    return {
      id: change.id, status: change.status, submittedAt: change.submittedAt.toISOString(), decidedAt: change.decidedAt?.toISOString() ?? null,
      reason: change.reason, changes: change.changes,
    };
  }
  return null;
}

/** The live values of the fields a change touches. */
export function pickFields(details: object, fields: ListingDetailsPatch): ListingDetailsPatch {
  const source = details as Record<string, unknown>;
  return Object.fromEntries(Object.keys(fields).map((key) => [key, source[key] ?? null])) as ListingDetailsPatch;
}
