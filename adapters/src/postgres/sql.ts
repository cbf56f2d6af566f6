import type { MikroORM } from '@mikro-orm/postgresql';
import { requestEm } from './orm.js';

/**
 * Runs SQL in the caller's unit of work: inside its transaction when there is one (a bare
 * `getConnection().execute` would take another pooled connection and commit on its own).
 */
export function sqlRows<T>(orm: MikroORM, query: string, params: readonly unknown[] = []): Promise<T[]> {
  const em = requestEm(orm);
  return em.getConnection().execute<T[]>(query, [...params], 'all', em.getTransactionContext());
}

/** A list of values as one bound parameter (knex would spread an array into several): `in ${IN_LIST}` with JSON. */
export const IN_LIST = `(select jsonb_array_elements_text(?::jsonb))`;
