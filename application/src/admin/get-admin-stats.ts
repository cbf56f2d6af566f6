import type { Actor } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { requireStaff } from '../shared/guards.js';
import type { AdminReadModel, AdminStats } from './admin-read-model.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The dashboard's live figures. */
export class GetAdminStats {
  constructor(private readonly reads: AdminReadModel, private readonly clock: Clock) {}

  async execute(_input: undefined, actor: Actor | null): Promise<AdminStats> {
    requireStaff(actor);
    return this.reads.stats(new Date(this.clock.now().getTime() - WEEK_MS));
  }
}
