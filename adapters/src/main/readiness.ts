import type pg from 'pg';
import { MIGRATIONS } from '../postgres/migrations/index.js';

/** What `GET /api/ready` answers: whether this process should be sent requests now, and why not. */
export interface Readiness {
  status: 'ready' | 'not_ready';
  database: 'up' | 'down';
  /** Migrations this build knows that the database has not recorded (null when it could not be asked). */
  pendingMigrations: string[] | null;
  jobs: 'running' | 'stopped';
  /** True from the moment the process was told to stop: a load balancer sends it nothing new. */
  stopping: boolean;
}

const TABLE = 'mikro_orm_migrations';

/**
 * Readiness, as a load balancer or compose's health check asks it: the database answers, every
 * migration of this build is applied (a new image against an old schema is not ready), the scheduled
 * jobs run, and the process is not stopping. Liveness (`/api/health`) only asks the database.
 */
export function readinessCheck(pool: pg.Pool, state: { jobsRunning: () => boolean; stopping: () => boolean }, timeoutMs = 2_000) {
  return async (): Promise<Readiness> => {
    const applied = await Promise.race([
      pool.query<{ name: string }>(`select name from ${TABLE}`).then((r) => new Set(r.rows.map((row) => row.name))),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs).unref()),
    ]).catch(() => null);
    const pendingMigrations = applied ? MIGRATIONS.map((m) => m.name).filter((name) => !applied.has(name)) : null;
    const jobs = state.jobsRunning() ? 'running' : 'stopped';
    const stopping = state.stopping();
    const ready = applied !== null && pendingMigrations!.length === 0 && jobs === 'running' && !stopping;
    return { status: ready ? 'ready' : 'not_ready', database: applied ? 'up' : 'down', pendingMigrations, jobs, stopping };
  };
}
