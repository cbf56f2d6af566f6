import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startJobs } from '../../src/jobs/pg-boss-jobs.js';
import { createTestDatabase } from '../support/harness.js';

describe('scheduled jobs', () => {
  it('start on replicas that come up at the same moment on a fresh database (none dies of the race)', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const db = await createTestDatabase();
      const job = (name: string) => ({ name, cron: '0 3 * * *', run: async () => 'done' });
      const replicas = await Promise.allSettled([0, 1, 2].map(() => startJobs(db.url, pino({ level: 'silent' }), [job('uploads-cleanup'), job('live-events-prune')])));
      try {
        expect(replicas.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started', 'started']);
      } finally {
        for (const r of replicas) if (r.status === 'fulfilled') await r.value.stop();
        await db.drop();
      }
    }
  });
});
