import type pg from 'pg';

/**
 * One transaction on a client checked out of a `pg` pool, with `settings` (`set local …`) first.
 *
 * While a client is checked out, the pool no longer listens for its errors. A connection lost between
 * two of the transaction's statements (Postgres restarting: "terminating connection due to
 * administrator command") is then an 'error' event nobody hears, which ends the process. Here the
 * client is heard until it is released: the loss fails the next statement, and the client is closed
 * instead of going back to the pool.
 */
export async function inPoolTransaction<T>(pool: pg.Pool, settings: readonly string[], work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (err: Error) => {
    lost ??= err;
  };
  let broken = false;
  try {
    client.on('error', onError);
    await client.query(['begin', ...settings].join('; '));
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    // A client that cannot even end its transaction is closed rather than reused.
    broken = Boolean(lost) || await client.query('rollback').then(() => false, () => true);
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(broken || lost ? true : undefined);
  }
}
