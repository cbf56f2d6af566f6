import type { MikroORM } from '@mikro-orm/postgresql';
import type { AlertQueue, QueuedListingChange } from '@voltmarket/application';
import type { ListingChange } from '@voltmarket/domain';
import { sqlRows } from '../sql.js';
import { wakeAfterCommit } from '../wake-after-commit.js';

/** The queue that runs MatchListingChanges (see server.ts). */
export const ALERTS_QUEUE = 'alerts-match';

/** Listing changes waiting to be matched, in a table written in the transaction of the change. */
export class PostgresAlertQueue implements AlertQueue {
  constructor(private readonly orm: MikroORM) {}

  async enqueue(listingId: number, change: ListingChange, now: Date): Promise<void> {
    await sqlRows(this.orm, `insert into alert_queue (listing_id, change, created_at) values (?, ?::jsonb, ?)`, [listingId, JSON.stringify(change), now]);
    // The matching job starts as soon as the change commits (a rolled-back one wakes nobody).
    await wakeAfterCommit(this.orm, ALERTS_QUEUE);
  }

  async claimNext(): Promise<QueuedListingChange | null> {
    // Locked, not read by any other matcher, and gone when the caller's transaction commits.
    const [row] = await sqlRows<{ id: string; listing_id: number; change: ListingChange; created_at: Date }>(this.orm,
      `delete from alert_queue where id = (select id from alert_queue order by id limit 1 for update skip locked) returning *`);
    return row ? { id: Number(row.id), listingId: row.listing_id, change: row.change, at: new Date(row.created_at) } : null;
  }
}
