import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventTickets, LiveEvent, LiveEventRetention, LiveEvents } from '@voltmarket/application';
import { sqlRows } from './sql.js';

/** The channel that carries "there are new live events" after a commit; the events themselves are in the table. */
export const LIVE_EVENTS_CHANNEL = 'voltmarket_live_events';

/**
 * The outbox: events are rows written in the caller's transaction, and NOTIFY (which Postgres
 * delivers only when that transaction commits) wakes every API process to fetch them.
 */
export class PostgresLiveEvents implements LiveEvents, LiveEventRetention {
  constructor(private readonly orm: MikroORM) {}

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
    const count = `select count(*)::int as n from gone`;
    const [events] = await sqlRows<{ n: number }>(this.orm, `with gone as (delete from live_events where created_at < ? returning 1) ${count}`, [eventsBefore]);
    const [tickets] = await sqlRows<{ n: number }>(this.orm, `with gone as (delete from event_tickets where expires_at < ? returning 1) ${count}`, [now]);
    return { events: events?.n ?? 0, tickets: tickets?.n ?? 0 };
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
