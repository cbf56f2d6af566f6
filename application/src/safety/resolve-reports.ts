import {
  type Actor, type ListingRepository, type ReportOutcome, type ReportTarget, DomainError, FieldIssues, REPORT_OUTCOMES,
  cleanLine, listingTakenDownNotice, noOpenReports, reportOutcomeNotice, warningNotice,
} from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import { listingAuditValues } from '../admin/audit-trail.js';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireStaff } from '../shared/guards.js';
import type { CurrentCarOfTheWeek } from '../listing/car-of-the-week.js';
import type { SafetyStore } from './safety-ports.js';
import type { SuspendUser } from './suspend-user.js';

export interface ResolveReportsInput {
  target: ReportTarget;
  targetId: string;
  outcome: ReportOutcome;
  /** Why: shown to the seller (take down), the person (warn, suspend); kept with a dismissal. */
  reason: string;
  /** For a suspension: its length in days, or null until an admin lifts it. */
  days?: number | null;
  /** For a suspension over a listing: take the listing down too (else it comes back when the suspension ends). */
  takeDown?: boolean;
}

const REASON_MAX = 500;

/**
 * Staff decide the open reports on one listing or person: dismiss them, take the listing down, warn
 * its seller (or the person), or suspend the account. Every reporter is told the outcome; each action
 * is audited.
 */
export class ResolveReports {
  constructor(
    private readonly store: SafetyStore,
    private readonly listings: ListingRepository,
    private readonly suspend: SuspendUser,
    private readonly trail: AuditTrail,
    private readonly notifier: Notifier,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: ResolveReportsInput, actor: Actor | null): Promise<{ outcome: ReportOutcome; told: number }> {
    const staff = requireStaff(actor);
    const issues = new FieldIssues();
    const reason = cleanLine(input.reason ?? '');
    issues.check((REPORT_OUTCOMES as readonly string[]).includes(input.outcome), 'outcome', 'Choose what to do');
    issues.check(input.outcome === 'dismissed' || reason.length > 0, 'reason', 'Say why: the person concerned is shown this.');
    issues.check(reason.length <= REASON_MAX, 'reason', `Reason must be at most ${REASON_MAX} characters`);
    issues.check(input.outcome !== 'taken_down' || input.target === 'listing', 'outcome', 'Only a listing can be taken down');
    issues.throwIfAny();
    const group = await this.store.reportGroup(input.target, input.targetId);
    if (!group) throw new DomainError('not_found', 'REPORT_NOT_FOUND', 'There are no reports about this.');
    const tookDown = input.target === 'listing' && (input.outcome === 'taken_down' || (input.outcome === 'suspended' && input.takeDown === true));
    const recordId = `${input.target}:${input.targetId}`;
    const told = await this.work.run(async () => {
      const now = this.clock.now();
      if (tookDown) await this.takeDown(staff, Number(input.targetId), reason, now);
      if (input.outcome === 'warned') {
        await this.notifier.notify(warningNotice({ userId: group.targetUserId, reason }));
        await this.trail.record(staff, { action: 'user.warned', resource: 'users', recordId: group.targetUserId, recordLabel: group.sellerName, before: null, after: { reason, report: recordId } });
      }
      if (input.outcome === 'suspended') {
        await this.suspend.within(staff, { userId: group.targetUserId, reason, days: input.days ?? null }, now);
      }
      const reporters = await this.store.closeReports(input.target, input.targetId, { outcome: input.outcome, note: reason || null, by: staff.userId }, now);
      if (reporters.length === 0) throw noOpenReports();
      if (input.outcome === 'dismissed') {
        await this.trail.record(staff, { action: 'report.dismissed', resource: 'reports', recordId, recordLabel: group.label, before: null, after: { reports: reporters.length, note: reason || null } });
      }
      for (const { reporterId, label } of reporters) {
        await this.notifier.notify(reportOutcomeNotice({ reporterId, target: input.target, label, outcome: input.outcome, tookDown }));
      }
      return reporters.length;
    });
    if (tookDown) this.carOfTheWeek.forget();
    return { outcome: input.outcome, told };
  }

  private async takeDown(staff: Actor, listingId: number, reason: string, now: Date): Promise<void> {
    const listing = await this.listings.findForUpdate(listingId);
    if (!listing) return;
    const before = listingAuditValues(listing);
    if (listing.status !== 'rejected') listing.reject(reason, now);
    await this.listings.save(listing);
    await this.trail.record(staff, {
      action: 'vehicle.taken_down', resource: 'vehicles', recordId: String(listing.id), recordLabel: listing.title, before, after: listingAuditValues(listing),
    });
    await this.notifier.notify(listingTakenDownNotice({ sellerId: listing.sellerId, listingTitle: listing.title, vehicleId: listing.id, reason }));
  }
}
