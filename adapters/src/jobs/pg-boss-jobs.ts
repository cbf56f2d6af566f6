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
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron, {}, { tz: 'Africa/Lagos' });
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
