import pg from 'pg';
import { WORD_SIMILARITY_THRESHOLD } from './orm.js';

// int8 (count(*), bigint ids) as JS numbers: our counts and ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * How long a read may run, or wait for a connection, before it is given up. The slowest search
 * measured at a million listings (a first-seen text search on a brand-new connection) took 515 ms,
 * so only a stuck statement (a lock, a stalled replica) gets here. Given up, it frees its connection
 * and its place in the search gate, and the client hears 503 with Retry-After instead of waiting on.
 */
export const READ_STATEMENT_TIMEOUT_MS = 5_000;

/**
 * A plain `pg` pool for the read side (search, dashboards): query handlers send SQL straight to
 * Postgres, without the ORM's unit of work or the query builder in between.
 */
export function createReadPool(connectionString: string, max = 10, timeoutMs = READ_STATEMENT_TIMEOUT_MS): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: timeoutMs,
    // Connections stay open however long they idle. A new one forks a Postgres backend whose first
    // touch of each cached page is a page fault: its first count of a text search ran 10 times
    // slower (515 ms, then 46). Closed after pg's default 10 s of idling, they came back exactly
    // when a burst arrived, which showed as a stall in the open-loop bench's tail.
    idleTimeoutMillis: 0,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c statement_timeout=${timeoutMs}`,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one checked out for a transaction (inPoolTransaction), which the pool no longer listens to:
  // its loss between two statements would be an 'error' event nobody hears. Heard here, it fails the
  // next statement instead, and the pool closes the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
