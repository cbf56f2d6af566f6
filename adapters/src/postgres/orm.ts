import { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITY_SCHEMAS } from './schemas.js';
import { MIGRATIONS } from './migrations/index.js';

export const WORD_SIMILARITY_THRESHOLD = 0.5;

interface PgConnection {
  query(sql: string, callback: (err: Error | null) => void): void;
}

/**
 * How long a statement through the ORM may run, or wait for a connection (or a lock), before it is
 * given up. Longer than the read pools' limit: a write may wait its turn on a row another write
 * holds. Only a stuck statement gets here (a lock held by hand, a migration elsewhere).
 */
export const ORM_STATEMENT_TIMEOUT_MS = 15_000;

export interface OrmOptions {
  clientUrl: string;
  /** Connections per process; small by default because several processes may share a database. */
  poolMax?: number;
  /** See ORM_STATEMENT_TIMEOUT_MS; unset, none (migrations, the tests' own setup). */
  statementTimeoutMs?: number;
}

export async function createOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: options.clientUrl,
    entities: ENTITY_SCHEMAS,
    extensions: [Migrator],
    discovery: { disableDynamicFileAccess: true, warnWhenNoEntities: false },
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: {
      min: 0,
      max: options.poolMax ?? 10,
      ...(options.statementTimeoutMs ? { acquireTimeoutMillis: options.statementTimeoutMs } : {}),
      // Typo tolerance of free-text search: "kai ev6" still finds a Kia EV6 (default 0.6 misses it).
      afterCreate: (connection: PgConnection, done: (err: Error | null, connection: PgConnection) => void) => {
        const limit = options.statementTimeoutMs ? `; set statement_timeout = ${Math.floor(options.statementTimeoutMs)}` : '';
        connection.query(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}${limit}`, (err) => done(err, connection));
      },
    },
    // Never share one identity map between requests: each request forks its own EntityManager.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
  });
}

export async function migrate(orm: MikroORM): Promise<string[]> {
  const done = await orm.getMigrator().up();
  return done.map((m) => m.name);
}

/** One unit of work's EntityManagers, forked on first use (a search that only reads SQL needs none). */
const scope = new AsyncLocalStorage<Map<MikroORM, EntityManager>>();

/** The request's EntityManager; repositories use it so nothing stateful is shared between requests. */
export function requestEm(orm: MikroORM): EntityManager {
  const ems = scope.getStore();
  if (!ems) throw new Error('No request scope: run the work inside inContext() or the HTTP requestScope middleware');
  let em = ems.get(orm);
  if (!em) {
    em = orm.em.fork();
    ems.set(orm, em);
  }
  return em;
}

/** Runs work with `em` as the scope's EntityManager (a transaction's), then puts the previous one back. */
export async function withRequestEm<T>(orm: MikroORM, em: EntityManager, work: () => Promise<T>): Promise<T> {
  const ems = scope.getStore();
  if (!ems) throw new Error('No request scope: run the work inside inContext() or the HTTP requestScope middleware');
  const previous = ems.get(orm);
  ems.set(orm, em);
  try {
    return await work();
  } finally {
    if (previous) ems.set(orm, previous);
    else ems.delete(orm);
  }
}

/** Runs work outside HTTP (seed, jobs, tests) with its own EntityManager, as a request would. */
export function inContext<T>(_orm: MikroORM, work: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), work);
}

/** Express middleware: each request gets its own scope. */
export function requestScope(_req: unknown, _res: unknown, next: () => void): void {
  scope.run(new Map(), next);
}
