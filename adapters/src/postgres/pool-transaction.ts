import type pg from 'pg';

/**
 * One transaction on a client checked out of a pool (see createReadPool), with `settings`
 * (`set local …`) first. A client that cannot even end its transaction is closed rather than reused.
 */
export async function inPoolTransaction<T>(pool: pg.Pool, settings: readonly string[], work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(['begin', ...settings].join('; '));
    const result = await work(client);
    await client.query('commit');
    client.release();
    return result;
  } catch (err) {
    await client.query('rollback').then(() => client.release(), () => client.release(true));
    throw err;
  }
}
