/**
 * How search sends its statements: prepared under a name when their plan does not depend on their
 * values, and gathered with bitmap scans only when they compare words by trigrams.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { inPoolTransaction } from '../pool-transaction.js';

export interface SqlStatement {
  sql: string;
  params: unknown[];
  /**
   * Set when the statement's best plan does not depend on its values: it is then prepared once per
   * connection under this name, and Postgres keeps its plan instead of planning it for every request.
   */
  name?: string;
}

/** A statement as `pg` sends it: under its name when it has one (see SqlStatement.name). */
export const queryOf = ({ sql, params, name }: SqlStatement): pg.QueryConfig => (name ? { text: sql, values: params, name } : { text: sql, values: params });

/**
 * Runs a statement, prepared when it has a name. A migration that changes the type of a column a
 * prepared statement returns makes Postgres refuse it ("cached plan must not change result type").
 * The pool then closes that connection (it closes one on any error), and the statement is sent once
 * more unprepared: any other connection may hold the same refused statement until its own turn.
 */
export async function runStatement<R extends pg.QueryResultRow>(pool: pg.Pool, statement: SqlStatement): Promise<pg.QueryResult<R>> {
  try {
    return await pool.query<R>(queryOf(statement));
  } catch (err) {
    const { code, message } = err as { code?: string; message?: string };
    if (!statement.name || code !== '0A000' || !message?.includes('cached plan')) throw err;
    return pool.query<R>(queryOf({ sql: statement.sql, params: statement.params }));
  }
}

/**
 * The name a page statement is prepared under, one per text. The texts carry no values, so there are
 * a few dozen (each sort, boosts alone or followed by ids, ranked by closeness or not); a kept plan
 * takes about 90 KB of its connection's memory (measured).
 */
const preparedNames = new Map<string, string>();
export function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (!name) {
    name = `search_page_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/**
 * Runs a statement that gathers a typo search's candidates (its count, or its ranking by closeness:
 * no order, a limit) with bitmap scans only, for its own transaction, so that the trigram index is one
 * of them. Postgres prices comparing words by trigrams (`<%`) as cheaply as any operator, so for words
 * whose trigrams many listings share it expects to meet 10,001 matches early in the table: "teslamodl"
 * at a million listings compared 122,584 rows one by one, 0.84-1.13 s, where the trigram index takes
 * 0.13-0.17 s; a plan that flipped with the table's statistics, not with our code. On a small table it
 * walks a whole index instead. Two more round trips, on statements that take a hundred milliseconds.
 */
export async function gatherByTrigrams<R extends pg.QueryResultRow>(pool: pg.Pool, { sql, params }: SqlStatement): Promise<pg.QueryResult<R>> {
  return inPoolTransaction(pool, ['set local enable_seqscan = off', 'set local enable_indexscan = off'], (client) => client.query<R>(sql, params));
}
