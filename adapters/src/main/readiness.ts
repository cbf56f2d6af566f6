import type pg from 'pg';
import { MIGRATIONS } from '../postgres/migrations/index.js';

/** What `GET /api/ready` answers: whether this process should be sent requests now, and why not. */
export interface Readiness {
  status: 'ready' | 'not_ready';
  database: 'up' | 'down';
  /** Migrations this build knows that the database has not recorded (null when it could not be asked). */
  pendingMigrations: string[] | null;
  jobs: 'running' | 'stopped';
  /** Whether the photo store (the folder, or the S3-compatible bucket) answers. */
  photos: 'up' | 'down';
  /** True from the moment the process was told to stop: a load balancer sends it nothing new. */
  stopping: boolean;
}

const TABLE = 'mikro_orm_migrations';

/**
 * Readiness, as a load balancer or compose's health check asks it: the database answers, every
 * migration of this build is applied (a new image against an old schema is not ready), the scheduled
 * jobs run, the photo store answers, and the process is not stopping. Liveness (`/api/health`) only asks the database.
 */
export function readinessCheck(
  pool: pg.Pool,
  state: { jobsRunning: () => boolean; stopping: () => boolean; photos?: () => Promise<void> },
  timeoutMs = 2_000,
) {
  const inTime = <T>(work: Promise<T>) => Promise.race([work, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs).unref())]).catch(() => null);
  return async (): Promise<Readiness> => {
    const [applied, photosUp] = await Promise.all([
      inTime(pool.query<{ name: string }>(`select name from ${TABLE}`).then((r) => new Set(r.rows.map((row) => row.name)))),
      state.photos ? inTime(state.photos().then(() => true)) : true,
    ]);
    const pendingMigrations = applied ? MIGRATIONS.map((m) => m.name).filter((name) => !applied.has(name)) : null;
    const jobs = state.jobsRunning() ? 'running' : 'stopped';
    const stopping = state.stopping();
    const photos = photosUp === true ? 'up' : 'down';
    const ready = applied !== null && pendingMigrations!.length === 0 && jobs === 'running' && photos === 'up' && !stopping;
    return { status: ready ? 'ready' : 'not_ready', database: applied ? 'up' : 'down', pendingMigrations, jobs, photos, stopping };
  };
}
