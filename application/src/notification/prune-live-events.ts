import type { Clock } from '../shared/ports.js';

/** Old live events and spent tickets: kept long enough for a phone to come back online and catch up. */
export interface LiveEventRetention {
  pruneBefore(eventsBefore: Date, now: Date): Promise<{ events: number; tickets: number }>;
}

/** Scheduled: drops live events older than the retention period. */
export class PruneLiveEvents {
  constructor(private readonly retention: LiveEventRetention, private readonly retentionHours: number, private readonly clock: Clock) {}

  execute(): Promise<{ events: number; tickets: number }> {
    const now = this.clock.now();
    return this.retention.pruneBefore(new Date(now.getTime() - this.retentionHours * 3_600_000), now);
  }
}
