import {
  type Actor, type ListingRepository, listingChangeDecided, listingChangeNotFound, listingChangesApprovedNotice,
  listingChangesRejectedNotice, listingNotFound, REJECTION_REASON_MAX, FieldIssues, cleanLine,
} from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import type { Notifier } from '../notification/notifier.js';
import type { AlertQueue } from '../alerts/alert-ports.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireStaff } from '../shared/guards.js';
import { queueAlerts } from './moderate-listing.js';
import { type ListingRevisionStore, pickFields } from './listing-changes.js';

export type ListingRevisionDecision = { kind: 'approve' } | { kind: 'reject'; reason: string };

function checkReason(reason: string): string {
  const cleaned = cleanLine(reason ?? '');
  const issues = new FieldIssues();
  issues.check(cleaned.length > 0, 'reason', 'Tell the seller why: they are shown this.');
  issues.check(cleaned.length <= REJECTION_REASON_MAX, 'reason', `Reason must be at most ${REJECTION_REASON_MAX} characters`);
  issues.throwIfAny();
  return cleaned;
}

/**
 * Staff approve a seller's waiting changes (they go live as the seller wanted them) or turn them down
 * with a reason (the approved version stays). The seller is told either way; each decision is audited.
 */
export class DecideListingRevision {
  constructor(
    private readonly changes: ListingRevisionStore,
    private readonly listings: ListingRepository,
    private readonly trail: AuditTrail,
    private readonly notifier: Notifier,
    private readonly alerts: AlertQueue,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: number; decision: ListingRevisionDecision }, actor: Actor | null): Promise<{ id: number; status: 'approved' | 'rejected' }> {
    const staff = requireStaff(actor);
    const reason = input.decision.kind === 'reject' ? checkReason(input.decision.reason) : null;
    return this.work.run(async () => {
      // The listing is locked before its change, in the order a seller's edit takes them (no deadlock).
      const found = await this.changes.find(input.id);
      if (!found) throw listingChangeNotFound(input.id);
      const listing = await this.listings.findForUpdate(found.listingId);
      if (!listing) throw listingNotFound(found.listingId);
      const change = await this.changes.findForUpdate(input.id);
      if (!change) throw listingChangeNotFound(input.id);
      if (change.status !== 'pending') throw listingChangeDecided(change.status);
      const now = this.clock.now();
      const before = pickFields(listing, change.changes);
      const common = { resource: 'vehicles' as const, recordId: String(listing.id), recordLabel: listing.title };
      if (input.decision.kind === 'approve') {
        const priceBefore = listing.price;
        listing.applyReviewedChanges(change.changes, now);
        await this.listings.save(listing);
        await this.changes.decide(change.id, { status: 'approved', reason: null, by: staff.userId }, now);
        await this.trail.record(staff, { ...common, action: 'vehicle.changes_approved', before, after: pickFields(listing, change.changes) });
        await this.notifier.notify(listingChangesApprovedNotice({ sellerId: listing.sellerId, listingTitle: listing.title, vehicleId: listing.id }));
        await queueAlerts(this.alerts, { id: listing.id, statusBefore: 'active', priceBefore, status: listing.status, price: listing.price }, now);
        return { id: change.id, status: 'approved' as const };
      }
      await this.changes.decide(change.id, { status: 'rejected', reason, by: staff.userId }, now);
      await this.trail.record(staff, { ...common, action: 'vehicle.changes_rejected', before, after: { ...change.changes, reason } });
      await this.notifier.notify(listingChangesRejectedNotice({ sellerId: listing.sellerId, listingTitle: listing.title, vehicleId: listing.id, reason: reason! }));
      return { id: change.id, status: 'rejected' as const };
    });
  }
}

/** The queue of waiting changes, oldest first, and one change with its diff. */
export class ListListingRevisions {
  constructor(private readonly changes: ListingRevisionStore) {}

  execute(input: Parameters<ListingRevisionStore['list']>[0], actor: Actor | null): ReturnType<ListingRevisionStore['list']> {
    requireStaff(actor);
    return this.changes.list(input);
  }
}
