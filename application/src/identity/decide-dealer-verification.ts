import { type Actor, type DealerVerification, dealerRequestNotFound, decideDealer, type UserRepository } from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireStaff } from '../shared/guards.js';
import type { DealerRequestReads, DealerRequestView } from './identity-ports.js';

const audited = (d: DealerVerification) => ({ status: d.status, businessName: d.businessName, cacNumber: d.cacNumber, rejectionReason: d.rejectionReason });

/** Support and admins verify a waiting dealer request, or reject it with a reason the seller reads; each decision is audited. */
export class DecideDealerVerification {
  constructor(
    private readonly users: UserRepository,
    private readonly reads: DealerRequestReads,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string; verdict: 'verify' } | { userId: string; verdict: 'reject'; reason: unknown }, actor: Actor | null): Promise<DealerRequestView> {
    const staff = requireStaff(actor);
    await this.work.run(async () => {
      const user = await this.users.findForUpdate(input.userId);
      const before = user?.dealer();
      if (!user || !before) throw dealerRequestNotFound(input.userId);
      const now = this.clock.now();
      const after = decideDealer(before, input, staff.userId, now);
      user.setDealer(after, now);
      await this.users.save(user);
      await this.trail.record(staff, {
        action: after.status === 'verified' ? 'user.dealer_verified' : 'user.dealer_rejected', resource: 'users', recordId: user.id,
        recordLabel: after.businessName, before: audited(before), after: audited(after),
      });
    });
    const { items: [view] } = await this.reads.list({ ids: [input.userId], order: 'ASC', offset: 0, limit: 1 });
    if (!view) throw dealerRequestNotFound(input.userId);
    return view;
  }
}
