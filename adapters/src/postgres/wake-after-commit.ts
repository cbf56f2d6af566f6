import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlRows } from './sql.js';

/** The channel that carries "there is work on this queue" (payload: the queue's name) to every API process's job runner. */
export const WORK_CHANNEL = 'voltmarket_work';

/**
 * Wakes a wakeable job queue (see startJobs) once the caller's transaction commits: Postgres delivers
 * a NOTIFY on commit only, so a change that rolls back wakes nothing, and one that commits wakes the
 * queue at once instead of at its next scheduled run. Outside a transaction it wakes it right away.
 * Postgres folds a transaction's identical notifications: calling it once per row costs nothing more.
 */
export async function wakeAfterCommit(orm: MikroORM, queue: string): Promise<void> {
  await sqlRows(orm, `select pg_notify(?, ?)`, [WORK_CHANNEL, queue]);
}
