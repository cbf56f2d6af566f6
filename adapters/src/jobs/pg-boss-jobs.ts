import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** Work that runs on a schedule, whichever API replica is free, never twice at once. */
export interface ScheduledJob {
  /** Queue name: lower case, dashes. */
  name: string;
  /** Cron in Lagos time. */
  cron: string;
  run: () => Promise<unknown>;
}

export interface JobRunner {
  /** Queues a run now (operators, tests); the schedule carries on. */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Scheduled jobs on pg-boss, in the same Postgres as everything else (its own schema, `pgboss`).
 * Every API process schedules and works the same queues; pg-boss hands each run to one of them.
 */
export async function startJobs(databaseUrl: string, logger: Logger, jobs: readonly ScheduledJob[]): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 2, application_name: 'voltmarket-jobs' });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  // Replicas starting at the same moment race to create pg-boss's schema and queues; the loser of a
  // deadlock or a duplicate insert tries again (what it wanted now exists).
  await settled(() => boss.start());
  for (const job of jobs) {
    await settled(() => boss.createQueue(job.name));
    await settled(() => boss.schedule(job.name, job.cron, {}, { tz: 'Africa/Lagos' }));
    await boss.work(job.name, { pollingIntervalSeconds: 5 }, async () => {
      const started = performance.now();
      try {
        const result = await job.run();
        logger.info({ job: job.name, result, ms: Math.round(performance.now() - started) }, 'job done');
      } catch (err) {
        logger.error({ err, job: job.name }, 'job failed');
        throw err; // pg-boss records the failure and retries by the queue's policy
      }
    });
  }
  return {
    runNow: async (name) => {
      await boss.send(name, {});
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000, close: true, wait: true }),
  };
}

/** Deadlock, duplicate key or serialization failure: another process did the same thing at the same time. */
const RACE_CODES = new Set(['40P01', '23505', '40001', '42P06', '42P07']);

async function settled<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || !code || !RACE_CODES.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
