import { type EntityManager, MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITY_SCHEMAS } from './schemas.js';
import { MIGRATIONS } from './migrations/index.js';

export const WORD_SIMILARITY_THRESHOLD = 0.5;

interface PgConnection {
  query(sql: string, callback: (err: Error | null) => void): void;
}

export interface OrmOptions {
  clientUrl: string;
  /** Connections per process; small by default because several processes may share a database. */
  poolMax?: number;
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
      // Typo tolerance of free-text search: "kai ev6" still finds a Kia EV6 (default 0.6 misses it).
      afterCreate: (connection: PgConnection, done: (err: Error | null, connection: PgConnection) => void) => {
        connection.query(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`, (err) => done(err, connection));
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

/** The request's EntityManager; repositories use it so nothing stateful is shared between requests. */
export function requestEm(orm: MikroORM): EntityManager {
  const em = RequestContext.getEntityManager(orm.config.get('contextName'));
  if (!em) throw new Error('No request context: wrap the work in RequestContext.create(orm.em, ...)');
  return em as EntityManager;
}

/** Runs work outside HTTP (seed, jobs, tests) with its own EntityManager, as a request would. */
export function inContext<T>(orm: MikroORM, work: () => Promise<T>): Promise<T> {
  return RequestContext.create(orm.em.fork(), work);
}
