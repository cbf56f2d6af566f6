import {
  type Actor, type ListingRepository, type ReportInput, type ReportTarget, type UserRepository, alreadyReported, cannotReportYourself,
  checkReport, REPORTS_PER_DAY, reportTargetNotFound, tooManyReports,
} from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';
import type { SafetyStore } from './safety-ports.js';

const DAY_MS = 86_400_000;

/**
 * A signed-in member reports a listing or a person (once per target), with a reason and a note; at
 * most REPORTS_PER_DAY a day. Staff see it in the reports queue; the reporter hears the outcome.
 * A suspended account may still report (it may be the victim of the scam it reports).
 */
export class ReportContent {
  constructor(
    private readonly store: SafetyStore,
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { target: ReportTarget; targetId: string } & ReportInput, actor: Actor | null): Promise<{ id: string; status: 'received' }> {
    const me = requireSignedIn(actor);
    const report = checkReport(input);
    const targetUserId = await this.targetOwner(input.target, input.targetId, me);
    if (targetUserId === me.userId) throw cannotReportYourself();
    const now = this.clock.now();
    const added = await this.work.run(async () => {
      const sent = await this.store.reportsSince(me.userId, new Date(now.getTime() - DAY_MS));
      if (sent.count >= REPORTS_PER_DAY) {
        const retry = sent.oldest ? Math.max(1, Math.ceil((sent.oldest.getTime() + DAY_MS - now.getTime()) / 1000)) : 3600;
        throw tooManyReports(retry);
      }
      return this.store.addReport({ reporterId: me.userId, target: input.target, targetId: input.targetId, targetUserId, ...report }, now);
    });
    if (!added) throw alreadyReported();
    return { id: `${input.target}:${input.targetId}`, status: 'received' };
  }

  private async targetOwner(target: ReportTarget, id: string, me: Actor): Promise<string> {
    if (target === 'listing') {
      const listingId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
      const listing = Number.isSafeInteger(listingId) && listingId <= 2_147_483_647 ? await this.listings.findById(listingId) : null;
      if (!listing || !listing.isVisibleTo(me)) throw reportTargetNotFound('listing', id);
      return listing.sellerId;
    }
    const user = id.length <= 128 ? await this.users.findById(id) : null;
    if (!user) throw reportTargetNotFound('user', id);
    return user.id;
  }
}
