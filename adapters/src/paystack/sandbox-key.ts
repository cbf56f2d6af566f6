import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * The sandbox checkout's secret key: made at random the first time a database runs the sandbox, and
 * kept in it, so every API replica on that database signs and checks with the same key, and nobody
 * holds it but whoever runs this data (the start log shows it to them). A key published anywhere
 * would let anyone who reaches a sandbox deployment read and reverse its transactions.
 */
export async function sandboxSecretKey(pool: pg.Pool): Promise<string> {
  const made = `sk_test_sandbox_${randomBytes(24).toString('hex')}`;
  // Two replicas starting at once: the first insert wins, and both read what it wrote.
  await pool.query(`insert into sandbox_settings (id, secret_key) values (true, $1) on conflict (id) do nothing`, [made]);
  const { rows } = await pool.query<{ secret_key: string }>(`select secret_key from sandbox_settings where id`);
  return rows[0]!.secret_key;
}
