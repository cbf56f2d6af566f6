import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventTickets, LiveEvent, LiveEventRetention, LiveEvents } from '@voltmarket/application';
import { sqlRows } from './sql.js';

/** The channel that carries "there are new live events" after a commit; the events themselves are in the table. */
export const LIVE_EVENTS_CHANNEL = 'voltmarket_live_events';

/**
 * Rows deleted per statement when pruning: each statement stays well inside the time limit
 * (STATEMENT_TIMEOUT_MS) however far behind the pruning has fallen.
 */
export const PRUNE_BATCH = 10_000;

/**
 * The outbox: events are rows written in the caller's transaction, and NOTIFY (which Postgres
 * delivers only when that transaction commits) wakes every API process to fetch them.
 */
export class PostgresLiveEvents implements LiveEvents, LiveEventRetention {
  constructor(private readonly orm: MikroORM, private readonly pruneBatch = PRUNE_BATCH) {}

  async publish(events: readonly LiveEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map((e) => ({ user_id: e.userId, type: e.type, data: e.data }));
    await sqlRows(this.orm,
      `insert into live_events (user_id, type, data)
       select user_id, type, data from jsonb_to_recordset(?::jsonb) as e(user_id text, type text, data jsonb)
`,
      [JSON.stringify(rows)],
    );
    // Always the same (empty) payload: Postgres folds a transaction's identical notifications into
    // one, so a change that publishes several times still wakes each process once.
    await sqlRows(this.orm, `select pg_notify(?, '')`, [LIVE_EVENTS_CHANNEL]);
  }

  async pruneBefore(eventsBefore: Date, now: Date): Promise<{ events: number; tickets: number }> {
    return {
      events: await this.deleteInBatches(`delete from live_events where id in (select id from live_events where created_at < ? limit ?)`, eventsBefore),
      tickets: await this.deleteInBatches(`delete from event_tickets where ticket_hash in (select ticket_hash from event_tickets where expires_at < ? limit ?)`, now),
    };
  }

  /** Runs `deletion` (its parameters: the cut-off, then the batch size) until a batch comes back short. */
  private async deleteInBatches(deletion: string, before: Date): Promise<number> {
    let deleted = 0;
    for (;;) {
      const [gone] = await sqlRows<{ n: number }>(this.orm, `with gone as (${deletion} returning 1) select count(*)::int as n from gone`, [before, this.pruneBatch]);
      deleted += gone?.n ?? 0;
      if ((gone?.n ?? 0) < this.pruneBatch) return deleted;
    }
  }
}

const digest = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

/** Tickets are kept as hashes: a leaked table holds nothing that opens a stream. */
export class PostgresEventTickets implements EventTickets {
  constructor(private readonly orm: MikroORM) {}

  async issue(userId: string, expiresAt: Date): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    await sqlRows(this.orm, `insert into event_tickets (ticket_hash, user_id, expires_at) values (?, ?, ?)`, [digest(ticket), userId, expiresAt]);
    return ticket;
  }

  async redeem(ticket: string, now: Date): Promise<string | null> {
    const [row] = await sqlRows<{ user_id: string; expires_at: Date }>(this.orm,
      `delete from event_tickets where ticket_hash = ? returning user_id, expires_at`, [digest(ticket)]);
    return row && new Date(row.expires_at) > now ? row.user_id : null;
  }
}
