import type { Actor } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { requireStaff } from '../shared/guards.js';
import type { ActivityDay, AdminReadModel, AdminStats } from './admin-read-model.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
export const ACTIVITY_DAYS = 14;

/** The dashboard's live figures, with messages and inquiries per day over the last two weeks. */
export class GetAdminStats {
  constructor(private readonly reads: AdminReadModel, private readonly clock: Clock) {}

  async execute(_input: undefined, actor: Actor | null): Promise<AdminStats & { activity: ActivityDay[] }> {
    requireStaff(actor);
    const now = this.clock.now();
    const [stats, activity] = await Promise.all([this.reads.stats(new Date(now.getTime() - WEEK_MS), now), this.reads.activity(now, ACTIVITY_DAYS)]);
    return { ...stats, activity };
  }
}
