import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { ListenConnection } from '../postgres/listen-connection.js';
import { WORK_CHANNEL } from '../postgres/wake-after-commit.js';

/** Work that runs on a schedule, whichever API replica is free, never twice at once. */
export interface ScheduledJob {
  /** Queue name: lower case, dashes. */
  name: string;
  /** Cron in Lagos time. */
  cron: string;
  run: () => Promise<unknown>;
  /**
   * Also runs at once when woken (JobRunner.wake, or wakeAfterCommit from any process): its queue
   * holds at most one run waiting and one running, so a wake during a run queues exactly one more
   * and further wakes fold into it. The cron run stays, in case a wake-up is missed.
   */
  wakeable?: boolean;
  /**
   * For a wakeable job whose run stops at a bound with work left (a mail backlog past one run's
   * batches): true from its result wakes it again at once, instead of leaving the rest to the schedule.
   */
  moreLeft?: (result: unknown) => boolean;
}

export interface JobRunner {
  /** Queues a run now (operators, tests); the schedule carries on. */
  runNow(name: string): Promise<void>;
  /** A wakeable job: queues a run unless one is already waiting, and has this process look for it now. */
  wake(name: string): Promise<void>;
  /** False once stop() began: this process takes no more runs. */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * Scheduled jobs on pg-boss, in the same Postgres as everything else (its own schema, `pgboss`).
 * Every API process schedules and works the same queues; pg-boss hands each run to one of them.
 * With wakeable jobs, each process also listens on WORK_CHANNEL and wakes the queue a notification names.
 */
/** Told of every run this process makes (metrics). */
export type JobRunObserver = (job: string, outcome: 'done' | 'failed', seconds: number, result: unknown) => void;

export async function startJobs(databaseUrl: string, logger: Logger, jobs: readonly ScheduledJob[], observe?: JobRunObserver): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 2, application_name: 'voltmarket-jobs' });
  // pg's errors carry their client: its message and code say enough, without the connection's whole state.
  boss.on('error', (err: Error & { code?: string }) => logger.error({ err: { type: err.name, message: err.message, code: err.code } }, 'job queue error'));
  // Replicas starting at the same moment race to create pg-boss's schema and queues; the loser of a
  // deadlock or a duplicate insert tries again (what it wanted now exists).
  await settled(() => boss.start());
  const wakeable = new Map<string, string>();
  for (const job of jobs) {
    if (job.wakeable) await settled(() => statelyQueue(boss, job.name));
    else await settled(() => boss.createQueue(job.name));
    await settled(() => boss.schedule(job.name, job.cron, {}, { tz: 'Africa/Lagos' }));
    const worker = await boss.work(job.name, { pollingIntervalSeconds: 5 }, async () => {
      const started = performance.now();
      try {
        const result = await job.run();
        const ms = performance.now() - started;
        logger.info({ job: job.name, result, ms: Math.round(ms) }, 'job done');
        observe?.(job.name, 'done', ms / 1000, result);
        if (job.wakeable && job.moreLeft?.(result)) wakeQuietly(job.name);
      } catch (err) {
        logger.error({ err, job: job.name }, 'job failed');
        observe?.(job.name, 'failed', (performance.now() - started) / 1000, null);
        throw err; // pg-boss records the failure and retries by the queue's policy
      }
    });
    if (job.wakeable) wakeable.set(job.name, worker);
  }
  let stopping = false;
  let stopped: Promise<void> | undefined;
  const wake = async (name: string) => {
    const worker = wakeable.get(name);
    if (!worker) throw new Error(`"${name}" is not a wakeable job`);
    // Null when a run is already waiting: this wake is folded into it.
    await boss.send(name, {});
    boss.notifyWorker(worker);
  };
  const wakeQuietly = (name: string) => {
    if (stopping || !wakeable.has(name)) return;
    wake(name).catch((err: unknown) => {
      if (!stopping) logger.warn({ err, job: name }, 'job could not be woken; its schedule will run it');
    });
  };
  const listener = wakeable.size === 0 ? null : new ListenConnection({
    databaseUrl, channel: WORK_CHANNEL, applicationName: 'voltmarket-jobs-listen', name: 'job wake-up listener', logger,
    onNotification: wakeQuietly,
    // A wake-up sent while this process was not listening is lost: look at every wakeable queue once.
    onListening: () => {
      for (const name of wakeable.keys()) wakeQuietly(name);
    },
  });
  try {
    await listener?.start();
  } catch (err) {
    await boss.stop({ graceful: false, close: true, wait: true }).catch(() => undefined);
    throw err;
  }
  return {
    runNow: async (name) => {
      await boss.send(name, {});
    },
    wake,
    running: () => !stopping,
    // Once: a second call waits for the first.
    stop: () => (stopped ??= (async () => {
      stopping = true;
      await listener?.close();
      await boss.stop({ graceful: true, timeout: 10_000, close: true, wait: true });
    })()),
  };
}

/** A queue that holds at most one job waiting and one running; a queue made before with another policy is changed. */
async function statelyQueue(boss: PgBoss, name: string): Promise<void> {
  await boss.createQueue(name, { name, policy: 'stately' });
  const queue = await boss.getQueue(name);
  if (queue && queue.policy !== 'stately') await boss.updateQueue(name, { name, policy: 'stately' });
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
