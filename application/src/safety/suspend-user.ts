import {
  type Actor, type UserRepository, cannotSuspendStaff, decideSuspension, isStaff, notSuspended, suspendedNotice, suspensionLiftedNotice,
  type SuspensionRequest, userNotFound, requireNotSuspended,
} from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireAdmin, requireStaff } from '../shared/guards.js';
import type { CurrentCarOfTheWeek } from '../listing/car-of-the-week.js';
import type { SafetyStore, SuspensionRecord } from './safety-ports.js';

export interface SuspensionView {
  userId: string;
  reason: string;
  until: string | null;
  listingsHidden: number;
}

/**
 * Staff suspend an account (support for up to 7 days, admins longer or until lifted): its live listings
 * leave the market, and it cannot list, write or pay until the suspension ends. The person is told why
 * and until when; the action is audited. Suspending again replaces the suspension in force.
 */
export class SuspendUser {
  constructor(
    private readonly store: SafetyStore,
    private readonly users: UserRepository,
    private readonly trail: AuditTrail,
    private readonly notifier: Notifier,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string } & SuspensionRequest, actor: Actor | null): Promise<SuspensionView> {
    const staff = requireStaff(actor);
    const view = await this.work.run(() => this.within(staff, input, this.clock.now()));
    this.carOfTheWeek.forget();
    return view;
  }

  /** The suspension, inside the caller's transaction (a report's resolution suspends within its own). */
  async within(staff: Actor, input: { userId: string } & SuspensionRequest, now: Date): Promise<SuspensionView> {
    requireNotSuspended(staff);
    const state = decideSuspension(staff, input, now);
    const user = await this.users.findById(input.userId);
    if (!user) throw userNotFound(input.userId);
    if (isStaff({ userId: user.id, role: user.role })) throw cannotSuspendStaff();
    const before = { suspensionReason: user.suspensionReason, suspendedUntil: user.suspendedUntil?.toISOString() ?? null };
    user.suspend(state, now);
    await this.users.save(user);
    const hidden = await this.store.startSuspension({ userId: user.id, reason: state.reason, until: state.until, by: staff.userId }, now);
    await this.trail.record(staff, {
      action: 'user.suspended', resource: 'users', recordId: user.id, recordLabel: user.email ?? user.displayName(), before,
      after: { suspensionReason: state.reason, suspendedUntil: state.until?.toISOString() ?? null, listingsHidden: hidden.length },
    });
    await this.notifier.notify(suspendedNotice({ userId: user.id, reason: state.reason, until: state.until }));
    return { userId: user.id, reason: state.reason, until: state.until?.toISOString() ?? null, listingsHidden: hidden.length };
  }
}

/** An admin lifts a suspension before its end: the listings come back at once. Support may lift one they could have set. */
export class LiftSuspension {
  constructor(
    private readonly store: SafetyStore,
    private readonly users: UserRepository,
    private readonly trail: AuditTrail,
    private readonly notifier: Notifier,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string }, actor: Actor | null): Promise<{ userId: string; listingsRestored: number }> {
    const staff = requireStaff(actor);
    const restored = await this.work.run(async () => {
      const now = this.clock.now();
      const user = await this.users.findById(input.userId);
      if (!user) throw userNotFound(input.userId);
      const state = user.suspensionAt(now);
      if (!state) throw notSuspended();
      // Support may undo a week's suspension; one until further notice stays an admin's.
      if (state.until === null) requireAdmin(staff);
      const before = { suspensionReason: user.suspensionReason, suspendedUntil: user.suspendedUntil?.toISOString() ?? null };
      user.liftSuspension(now);
      await this.users.save(user);
      const listings = await this.store.liftSuspension(user.id, staff.userId, now);
      await this.trail.record(staff, {
        action: 'user.suspension_lifted', resource: 'users', recordId: user.id, recordLabel: user.email ?? user.displayName(), before,
        after: { suspensionReason: null, suspendedUntil: null, listingsRestored: listings.length },
      });
      await this.notifier.notify(suspensionLiftedNotice({ userId: user.id }));
      return listings.length;
    });
    this.carOfTheWeek.forget();
    return { userId: input.userId, listingsRestored: restored };
  }
}

/** Job: suspensions whose end came bring their listings back (the account itself is free by the date alone). */
export class EndSuspensions {
  constructor(private readonly store: SafetyStore, private readonly notifier: Notifier, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(): Promise<{ ended: number }> {
    return this.work.run(async () => {
      const ended = await this.store.restoreEnded(this.clock.now());
      for (const { userId } of ended) await this.notifier.notify(suspensionLiftedNotice({ userId }));
      return { ended: ended.length };
    });
  }
}

export interface SuspensionHistoryView {
  id: number;
  reason: string;
  startsAt: string;
  until: string | null;
  liftedAt: string | null;
}

export const toSuspensionHistory = (s: SuspensionRecord): SuspensionHistoryView => ({
  id: s.id, reason: s.reason, startsAt: s.startsAt.toISOString(), until: s.until?.toISOString() ?? null, liftedAt: s.liftedAt?.toISOString() ?? null,
});
