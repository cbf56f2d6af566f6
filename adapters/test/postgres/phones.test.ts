import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migration20261124000200_phones_e164 } from '../../src/postgres/migrations/Migration20261124000200_phones_e164.js';
import { LibphonenumberPhoneNumbers } from '../../src/phone/libphonenumber-phone-numbers.js';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestOrm } from '../support/harness.js';

describe('reading typed phone numbers (libphonenumber, full metadata)', () => {
  const phones = new LibphonenumberPhoneNumbers();
  it('reads Nigerian numbers in every common shape, and other countries with +', () => {
    const cases: [string, string | null][] = [
      ['0803 555 1234', '+2348035551234'], ['08035551234', '+2348035551234'], ['+234 803 555 1234', '+2348035551234'],
      ['+234 (0) 803-555-1234', '+2348035551234'], ['0701 234 5678', '+2347012345678'], ['0906 123 4567', '+2349061234567'],
      ['0815 000 1111', '+2348150001111'], ['+44 20 7946 0958', '+442079460958'], ['+233 24 123 4567', '+233241234567'],
      ['0803 555 12', null], ['0803 555 12345 6', null], ['12', null], ['call me', null], ['+999 123', null],
    ];
    expect(cases.map(([typed]) => [typed, phones.toE164(typed)])).toEqual(cases);
  });
});

describe('phones stored before E.164', () => {
  let orm: MikroORM;
  let close: () => Promise<void>;
  beforeAll(async () => ({ orm, close } = await createTestOrm()));
  afterAll(async () => close());

  it('are rewritten in the common shapes and otherwise kept exactly, never dropped', async () => {
    const conn = orm.em.getConnection();
    const typed = ['0803 555 0101', '+234 0805 555 0202', '+44 20 7946 0958', '(0807) 555-0303', 'ask for Bayo', null];
    for (const [i, phone] of typed.entries()) {
      await conn.execute(`insert into users (id, email, phone) values (?, ?, ?)`, [`legacy-${i}`, `legacy${i}@x.ng`, phone]);
    }
    const migration = new Migration20261124000200_phones_e164(orm.em.getDriver(), orm.config);
    await migration.up();
    for (const query of migration.getQueries()) await conn.execute(query.toString());
    const rows = await conn.execute<{ phone: string | null }[]>(`select phone from users where id like 'legacy-%' order by id`);
    expect(rows.map((r) => r.phone)).toEqual(['+2348035550101', '+2348055550202', '+442079460958', '+2348075550303', 'ask for Bayo', null]);
  });
});
