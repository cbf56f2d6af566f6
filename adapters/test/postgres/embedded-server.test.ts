import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/postgres/embedded-server.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-embedded-'));
const dataDirs = new Set<string>();
afterAll(async () => {
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(root, { recursive: true, force: true });
});

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded Postgres for the dev runner', () => {
  it('keeps its data across a stop and a start, and takes over from a runner that died without stopping it', async () => {
    const dataDir = path.join(root, 'data', 'postgres');
    const first = await startEmbeddedPostgres({ dataDir, durable: false });
    dataDirs.add(first.dataDir);
    await query(first.url(), `create table kept (note text); insert into kept values ('still here')`);
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, durable: false });
    expect(second.dataDir).toBe(first.dataDir);
    expect(await query(second.url(), 'select note from kept')).toEqual([{ note: 'still here' }]);
    // No stop(): as if the runner had been killed. The next start must reclaim the folder.
    const third = await startEmbeddedPostgres({ dataDir, durable: false });
    expect(await query(third.url(), 'select note from kept')).toEqual([{ note: 'still here' }]);
    await expect(query(second.url(), 'select 1')).rejects.toThrow();
    await third.stop();
  });
});
