import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../src/http/errors.js';

/** What the fault tests met when Postgres stopped under traffic: each must answer 503, not 500. */
describe('databaseUnavailable', () => {
  it('knows a connection lost, refused, cut by a restart or timed out, also behind the statement knex puts first', () => {
    const seen = [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { code: '08006', message: 'connection failure' },
      { message: "select pg_notify('voltmarket_live_events', '') - Client has encountered a connection error and is not queryable" },
      { message: 'insert into "messages" ("content") values ($1) - Connection terminated unexpectedly' },
      { message: 'Connection terminated due to connection timeout' },
      { message: 'Client was closed and is not queryable' },
      { name: 'KnexTimeoutError', message: 'Knex: Timeout acquiring a connection. The pool is probably full.' },
      // A listing's create while Postgres stopped: the transaction ended under a statement still on its way.
      { message: 'Transaction query already complete, run with DEBUG=knex:tx for more info' },
    ];
    for (const err of seen) expect(databaseUnavailable(err), err.message).toBe(true);
  });

  it('leaves other failures to be 500s', () => {
    for (const err of [new Error('Cannot read properties of undefined'), { code: '23505', message: 'duplicate key value violates unique constraint' },
      { message: 'select * from "x" - relation "x" does not exist' }, null, 'text']) {
      expect(databaseUnavailable(err)).toBe(false);
    }
  });
});
