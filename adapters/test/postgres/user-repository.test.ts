import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { User } from '@voltmarket/domain';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { createTestOrm } from '../support/harness.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
const now = new Date('2026-11-25T10:00:00Z');

const newcomer = (uid: string, email: string) =>
  User.register({ uid, email, emailVerified: true, name: 'Chiamaka Nwosu-Adebayo', phone: null, signInProvider: 'password' }, now);

/** One request's registration, on its own request context (its own connection use), as the API does. */
const register = (user: User) => inContext(orm, () => new MikroOrmUserRepository(orm).registerIfAbsent(user));

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
});
afterAll(async () => close());

describe('MikroOrmUserRepository.registerIfAbsent', () => {
  // The first requests of a new account arrive together (sign-in syncs the profile while the page
  // loads the user and their listings): each registers the account if absent. The row's id and its
  // email are both unique, and the loser of the race may meet the winner's row in either index.
  it('registers an account once when its first requests race, whichever unique index they meet', async () => {
    for (let round = 0; round < 80; round++) {
      const uid = `racer-${round}`;
      const email = `chiamaka.nwosu-adebayo.${round}@lagos-electric-motors.example.ng`;
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => register(newcomer(uid, email))));
      const failures = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      for (const r of results) expect(r.status === 'fulfilled' && r.value.id).toBe(uid);
    }
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from users where id like 'racer-%'`);
    expect(rows[0]?.n).toBe(80);
  });

});
