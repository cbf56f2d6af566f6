import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { pino } from 'pino';
import { ListenConnection } from '../../src/postgres/listen-connection.js';
import { createTestOrm } from '../support/harness.js';

let pool: pg.Pool;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ pool, url, close } = await createTestOrm());
});

afterAll(async () => close());

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a LISTEN connection', () => {
  it('hands over the payloads of its channel, and listens again after its connection is cut, catching up first', { timeout: 30_000 }, async () => {
    const payloads: string[] = [];
    let listening = 0;
    const listener = new ListenConnection({
      databaseUrl: url, channel: 'voltmarket_test_channel', applicationName: 'voltmarket-test-listen', name: 'test listener', logger: pino({ level: 'silent' }),
      onNotification: (payload) => payloads.push(payload),
      onListening: () => listening++,
    });
    await listener.start();
    try {
      expect(listening).toBe(1);
      await pool.query(`select pg_notify('voltmarket_test_channel', 'first'), pg_notify('another_channel', 'not ours')`);
      await waitUntil(() => payloads.length === 1, 5_000, 'the first notification');

      const cut = await pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'voltmarket-test-listen' and datname = current_database()`);
      expect(cut.rowCount).toBe(1);
      await waitUntil(() => listening === 2, 10_000, 'listening again');
      await pool.query(`select pg_notify('voltmarket_test_channel', 'second')`);
      await waitUntil(() => payloads.length === 2, 5_000, 'the notification after the reconnection');
      expect(payloads).toEqual(['first', 'second']);
    } finally {
      await listener.close();
    }
    const { rows } = await pool.query(`select count(*)::int as n from pg_stat_activity where application_name = 'voltmarket-test-listen' and datname = current_database()`);
    expect(rows[0].n, 'closed for good').toBe(0);
  });
});
