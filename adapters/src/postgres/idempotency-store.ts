import type { MikroORM } from '@mikro-orm/postgresql';

/** How long an answer is kept for retries. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

export type IdempotencyClaim =
  | { state: 'new' }
  | { state: 'mismatch' }
  | { state: 'in_progress' }
  | { state: 'done'; status: number; location: string | null; body: string };

interface KeyRow {
  operation: string;
  request_hash: string;
  status: number | null;
  location: string | null;
  body: string | null;
}

/**
 * The answers of requests sent with an Idempotency-Key (`idempotency_keys`), per caller, kept a day.
 * A key is claimed by inserting its row before the work runs, so of ten retries racing only one
 * does the work; the others wait for its answer. Written outside the request's transaction, so a
 * claim is seen at once and an answer survives the request.
 */
export class PostgresIdempotency {
  /**
   * @param abandonedAfterMs A claim still unanswered this long after it was made belongs to a process
   *   that died mid-request (killed, its host lost): the key is free again, so the client's retry does
   *   the work instead of hearing "in progress" for a day. Far longer than any request runs.
   */
  constructor(private readonly orm: MikroORM, private readonly abandonedAfterMs = 60_000) {}

  async claim(owner: string, key: string, operation: string, requestHash: string, now: Date): Promise<IdempotencyClaim> {
    // A key older than a day is free again, and so is a claim its process never answered.
    await this.run(
      `delete from idempotency_keys where owner = ? and key = ?
         and (created_at < ?::timestamptz - interval '${IDEMPOTENCY_KEEP_HOURS} hours' or (status is null and created_at < ?::timestamptz - ? * interval '1 millisecond'))`,
      [owner, key, now, now, this.abandonedAfterMs]);
    const claimed = await this.run<{ key: string }>(
      `insert into idempotency_keys (owner, key, operation, request_hash, created_at) values (?, ?, ?, ?, ?)
       on conflict (owner, key) do nothing returning key`, [owner, key, operation, requestHash, now]);
    if (claimed.length > 0) return { state: 'new' };
    return this.look(owner, key, operation, requestHash);
  }

  async look(owner: string, key: string, operation: string, requestHash: string): Promise<IdempotencyClaim> {
    const [row] = await this.run<KeyRow>(`select operation, request_hash, status, location, body from idempotency_keys where owner = ? and key = ?`, [owner, key]);
    if (!row) return { state: 'new' };
    if (row.operation !== operation || row.request_hash !== requestHash) return { state: 'mismatch' };
    if (row.status === null || row.body === null) return { state: 'in_progress' };
    return { state: 'done', status: row.status, location: row.location, body: row.body };
  }

  async complete(owner: string, key: string, answer: { status: number; location: string | null; body: string }): Promise<void> {
    await this.run(`update idempotency_keys set status = ?, location = ?, body = ? where owner = ? and key = ?`,
      [answer.status, answer.location, answer.body, owner, key]);
  }

  /** The work failed in a way worth trying again (a 5xx, a 429, an expired token): the key is free. */
  async release(owner: string, key: string): Promise<void> {
    await this.run(`delete from idempotency_keys where owner = ? and key = ? and status is null`, [owner, key]);
  }

  /** Forgets answers older than a day (a scheduled job). */
  async purge(now: Date): Promise<{ purged: number }> {
    const rows = await this.run(`delete from idempotency_keys where created_at < ?::timestamptz - interval '${IDEMPOTENCY_KEEP_HOURS} hours' returning key`, [now]);
    return { purged: rows.length };
  }

  /** Outside any transaction of the request: on a connection of its own, committed at once. */
  private run<T>(query: string, params: unknown[]): Promise<T[]> {
    return this.orm.em.getConnection().execute<T[]>(query, params, 'all');
  }
}

