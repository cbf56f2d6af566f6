import { packageOfTier } from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { BoostReminders } from './advertising-reads.js';

/** Sellers hear this long before a listing's boost ends. */
export const BOOST_REMINDER_MS = 3 * 24 * 60 * 60 * 1000;

const lagosDate = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });

/** Tells each seller once, three days ahead, that a listing's boost is ending (a boost extended later gets a new reminder). */
export class RemindEndingBoosts {
  constructor(
    private readonly reminders: BoostReminders,
    private readonly notifier: Notifier,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ reminded: number }> {
    const now = this.clock.now();
    const due = await this.work.run(() => this.reminders.due(now, BOOST_REMINDER_MS));
    let reminded = 0;
    for (const boost of due) {
      const sent = await this.work.run(async () => {
        if (!(await this.reminders.claim(boost.listingId, now, BOOST_REMINDER_MS))) return false;
        await this.notifier.notify({
          userId: boost.sellerId, type: 'listing', title: 'Boost Ending Soon',
          message: `The ${packageOfTier(boost.tier)?.name ?? 'boost'} on "${boost.title}" ends on ${lagosDate(boost.until)}. Boost it again to stay on top.`,
          actionUrl: `/advertise?vehicle=${boost.listingId}`, metadata: { vehicleId: boost.listingId },
        });
        return true;
      });
      if (sent) reminded++;
    }
    return { reminded };
  }
}

/**
 * Boosts that ended keep their tier until this clears it. Search already ranks them as plain listings
 * by their end time; clearing keeps the set of tiered listings it reads small.
 */
export class ClearEndedBoosts {
  constructor(private readonly reminders: BoostReminders, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(): Promise<{ cleared: number }> {
    return { cleared: await this.work.run(() => this.reminders.clearEnded(this.clock.now())) };
  }
}
