import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inPoolTransaction } from '../../src/postgres/pool-transaction.js';
import { createReadPool } from '../../src/postgres/read-pool.js';
import { createTestDatabase } from '../support/harness.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  // One connection: what the pool hands out after a failure shows whether the failed one came back.
  pool = createReadPool(db.url, 1);
  await pool.query('create table pool_transaction_rows (n int not null)');
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const pid = async (client: pg.ClientBase | pg.Pool) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
const stored = async () => (await pool.query<{ n: number }>('select n from pool_transaction_rows order by n')).rows.map((r) => r.n);

describe('a transaction on a client of the read pool', () => {
  it('commits what the work wrote, with its settings in force only inside it', async () => {
    const inside = await inPoolTransaction(pool, [`set local statement_timeout = '1234ms'`], async (client) => {
      await client.query('insert into pool_transaction_rows (n) values (1)');
      return (await client.query<{ statement_timeout: string }>('show statement_timeout')).rows[0]!.statement_timeout;
    });
    expect(inside).toBe('1234ms');
    expect((await pool.query<{ statement_timeout: string }>('show statement_timeout')).rows[0]!.statement_timeout).not.toBe('1234ms');
    expect(await stored()).toEqual([1]);
  });

  it('rolls back when the work fails, and gives the same connection back to the pool', async () => {
    const before = await pid(pool);
    await expect(inPoolTransaction(pool, [], async (client) => {
      await client.query('insert into pool_transaction_rows (n) values (2)');
      throw new Error('the work failed');
    })).rejects.toThrow('the work failed');
    expect(await stored()).toEqual([1]);
    expect(await pid(pool)).toBe(before);
  });

  it('fails, and never ends the process, when the connection is lost between two statements; the pool opens a new one', async () => {
    const terminator = new pg.Client({ connectionString: db.url });
    await terminator.connect();
    let lostPid = 0;
    // An 'error' event with no listener would be thrown out of the socket's handler and end the
    // process: recorded here instead, so that this test fails rather than the whole run.
    const unheard: unknown[] = [];
    try {
      await expect(inPoolTransaction(pool, [], async (client) => {
        const emit = client.emit.bind(client);
        client.emit = (event: string | symbol, ...args: unknown[]) => {
          if (event === 'error' && client.listenerCount('error') === 0) return unheard.push(args[0]) < 0;
          return emit(event, ...args);
        };
        lostPid = await pid(client);
        await client.query('insert into pool_transaction_rows (n) values (3)');
        // Postgres restarting says so to every idle connection ("terminating connection due to
        // administrator command"); the client, between statements, hears it as an 'error' event.
        await terminator.query('select pg_terminate_backend($1)', [lostPid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await client.query('insert into pool_transaction_rows (n) values (4)');
      })).rejects.toThrow();
    } finally {
      await terminator.end();
    }
    expect(unheard).toEqual([]);
    expect(await stored()).toEqual([1]);
    const next = await pid(pool);
    expect(next).not.toBe(lostPid);
    expect(pool.totalCount).toBe(1);
  });
});
