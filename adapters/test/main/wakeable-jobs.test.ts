import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { type JobRunner, startJobs } from '../../src/jobs/pg-boss-jobs.js';
import { inContext } from '../../src/postgres/orm.js';
import { MikroOrmUnitOfWork } from '../../src/postgres/unit-of-work.js';
import { wakeAfterCommit } from '../../src/postgres/wake-after-commit.js';
import { createTestOrm } from '../support/harness.js';

const silent = pino({ level: 'silent' });
// Never at its schedule during the test: every run here comes from a wake.
const NIGHTLY = '0 3 * * *';

let orm: MikroORM;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ orm, url, close } = await createTestOrm());
});

afterAll(async () => close());

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}

/** A job that counts its runs and, while `hold` is set, waits for the test to let it finish. */
function countingJob(name: string) {
  const job = {
    started: 0,
    finished: 0,
    running: 0,
    mostAtOnce: 0,
    hold: null as Promise<void> | null,
    definition: {
      name, cron: NIGHTLY, wakeable: true,
      run: async () => {
        job.started++;
        job.running++;
        job.mostAtOnce = Math.max(job.mostAtOnce, job.running);
        try {
          await job.hold;
        } finally {
          job.running--;
          job.finished++;
        }
      },
    },
  };
  return job;
}

const commitWake = (queue: string, afterWake: () => Promise<void> = async () => undefined) =>
  inContext(orm, () => new MikroOrmUnitOfWork(orm).run(async () => {
    await wakeAfterCommit(orm, queue);
    await afterWake();
  }));

describe('wakeable jobs', () => {
  it('run when woken, and a wake during a run queues exactly one more run, whatever the number of wakes', { timeout: 60_000 }, async () => {
    const job = countingJob('wake-fold');
    const runner = await startJobs(url, silent, [job.definition]);
    try {
      // Each process looks at its wakeable queues once it listens, in case a wake-up came before.
      await waitUntil(() => job.finished === 1, 10_000, 'the run at start');

      let release = () => undefined as void;
      job.hold = new Promise<void>((resolve) => (release = resolve));
      await runner.wake('wake-fold');
      await waitUntil(() => job.started === 2, 5_000, 'the woken run');
      for (let i = 0; i < 5; i++) await runner.wake('wake-fold');
      release();
      job.hold = null;
      await waitUntil(() => job.finished === 3, 10_000, 'the one run queued during the woken one');
      // Longer than a worker's polling interval (5 s): no run was left queued behind it.
      await sleep(6_000);
      expect({ started: job.started, mostAtOnce: job.mostAtOnce }).toEqual({ started: 3, mostAtOnce: 1 });
    } finally {
      await runner.stop();
    }
  });

  it('run again at once while a run says more is left, and stop when it says none is', { timeout: 60_000 }, async () => {
    // A backlog of 7 items, 3 a run: runs of 3, 3 and 1, the last saying nothing is left; the schedule is nightly.
    let backlog = 7;
    const runs: number[] = [];
    const runner = await startJobs(url, silent, [{
      name: 'backlog', cron: NIGHTLY, wakeable: true,
      run: async () => {
        const done = Math.min(3, backlog);
        backlog -= done;
        runs.push(done);
        return { done, more: backlog > 0 };
      },
      moreLeft: (result) => (result as { more: boolean }).more,
    }]);
    try {
      await waitUntil(() => backlog === 0, 15_000, 'the backlog sent run after run');
      await sleep(6_000);
      expect(runs).toEqual([3, 3, 1]);
    } finally {
      await runner.stop();
    }
  });

  it('are woken by wakeAfterCommit from any connection once the transaction commits, and not when it rolls back', { timeout: 60_000 }, async () => {
    const job = countingJob('wake-on-commit');
    const runner = await startJobs(url, silent, [job.definition]);
    try {
      await waitUntil(() => job.finished === 1, 10_000, 'the run at start');

      await expect(commitWake('wake-on-commit', async () => {
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      await commitWake('wake-on-commit', async () => {
        await sleep(1_500);
        expect(job.started, 'no run before the commit').toBe(1);
      });
      // Seconds, not the minute a schedule would take.
      await waitUntil(() => job.finished === 2, 5_000, 'the run woken by the commit');
      await sleep(6_000);
      expect(job.started, 'the rolled-back wake ran nothing').toBe(2);
    } finally {
      await runner.stop();
    }
  });

  it('run on one process at a time when several processes are woken at once', { timeout: 60_000 }, async () => {
    const job = countingJob('wake-replicas');
    const runners: JobRunner[] = [];
    try {
      for (let i = 0; i < 3; i++) runners.push(await startJobs(url, silent, [job.definition]));
      await waitUntil(() => job.running === 0 && job.finished >= 1, 10_000, 'the runs at start');
      await sleep(6_000);
      const before = job.finished;

      job.hold = sleep(1_000);
      await commitWake('wake-replicas');
      await waitUntil(() => job.finished > before, 5_000, 'a woken run');
      await sleep(6_000);
      expect(job.mostAtOnce).toBe(1);
      expect(job.started - before).toBeGreaterThanOrEqual(1);
      expect(job.started - before, 'one run, and at most one queued behind it').toBeLessThanOrEqual(2);
    } finally {
      for (const runner of runners) await runner.stop();
    }
  });

  it('refuses to wake a job that is not wakeable', async () => {
    const runner = await startJobs(url, silent, [{ name: 'not-wakeable', cron: NIGHTLY, run: async () => undefined }]);
    try {
      await expect(runner.wake('not-wakeable')).rejects.toThrow('"not-wakeable" is not a wakeable job');
    } finally {
      await runner.stop();
    }
  });
});
