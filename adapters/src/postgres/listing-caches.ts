import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ListenConnection } from './listen-connection.js';
import type { SearchCache } from './search/search-cache.js';
import { sqlRows } from './sql.js';

/** The channel that tells every API process that listings changed, so that each drops what it kept of them. */
export const LISTING_CACHES_CHANNEL = 'voltmarket_listing_caches';

/**
 * Listings changed: this process's search caches are dropped now (its next search reads the change),
 * and every process's, this one's again, once the caller's transaction commits, when Postgres
 * delivers the notice (a change rolled back tells nobody; a transaction's notices fold into one).
 */
export async function listingsChanged(orm: MikroORM, cache: SearchCache): Promise<void> {
  cache.clear();
  await tellEveryProcess(orm);
}

/** Only the notice, on commit: for a change this process's caches notice by themselves (a car of the week picked). */
export async function tellEveryProcess(orm: MikroORM): Promise<void> {
  await sqlRows(orm, `select pg_notify(?, '')`, [LISTING_CACHES_CHANNEL]);
}

/**
 * Each process's listener for LISTING_CACHES_CHANNEL: drops its search caches and its car of the
 * week, within milliseconds of another process's change committing (they were up to a minute old
 * before). After a lost connection it drops them once, for the notices it missed.
 */
export function listingCachesListener(databaseUrl: string, logger: Logger, drop: () => void): ListenConnection {
  return new ListenConnection({
    databaseUrl, channel: LISTING_CACHES_CHANNEL, applicationName: 'voltmarket-caches-listen', name: 'listing caches listener', logger,
    onNotification: drop,
    onListening: drop,
  });
}
