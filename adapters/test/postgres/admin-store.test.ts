import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { type Actor, AuditEntry, Listing, type ListingDetails, User } from '@voltmarket/domain';
import { AuditTrail, ChangeUserRole, CurrentCarOfTheWeek, ModerateListing, Notifier } from '@voltmarket/application';
import { MikroOrmAuditLog } from '../../src/postgres/audit-log.js';
import { PostgresCarOfTheWeekReads } from '../../src/postgres/car-of-the-week-store.js';
import { SearchCache } from '../../src/postgres/search/search-cache.js';
import { MikroOrmListingRepository } from '../../src/postgres/listing-repository.js';
import { inContext } from '../../src/postgres/orm.js';
import { MikroOrmUnitOfWork } from '../../src/postgres/unit-of-work.js';
import { MikroOrmUserRepository } from '../../src/postgres/user-repository.js';
import { PostgresUploadLedger } from '../../src/postgres/upload-ledger.js';
import { LibphonenumberPhoneNumbers } from '../../src/phone/libphonenumber-phone-numbers.js';
import { PostgresConversationStore } from '../../src/postgres/conversation-store.js';
import { PostgresLiveEvents } from '../../src/postgres/live-event-store.js';
import { PostgresNotificationRepository } from '../../src/postgres/notification-store.js';
import { createTestOrm } from '../support/harness.js';
import { PostgresAlertQueue } from '../../src/postgres/alerts/alert-queue.js';

let orm: MikroORM;
let pool: pg.Pool;
let close: () => Promise<void>;
const clock = { now: () => new Date() };
const notifier = () => new Notifier(new PostgresNotificationRepository(orm), new PostgresConversationStore(orm), new PostgresLiveEvents(orm), clock);
const noStaffConfig = { adminEmails: [], supportEmails: [] };

const person = (uid: string, role: User['role'] = 'user') => {
  const user = User.register({ uid, email: `${uid}@x.ng`, emailVerified: true, name: `${uid} Person`, phone: null, signInProvider: 'password' }, new Date());
  user.role = role;
  return user;
};

const details = (title: string): ListingDetails => ({
  title, description: 'Clean.', price: 50_000_000, year: 2022, mileage: 1000, range: 400,
  vehicleType: 'car', brand: 'Kia', model: 'EV6', location: 'Lagos', imageUrls: ['/uploads/a.webp'],
  batteryHealth: 99, chargingType: 'Both', fastChargingTime: null, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
});

beforeAll(async () => {
  ({ orm, pool, close } = await createTestOrm());
});

afterAll(async () => close());

const changeRole = () => {
  const users = new MikroOrmUserRepository(orm);
  return new ChangeUserRole(users, noStaffConfig, new AuditTrail(new MikroOrmAuditLog(orm), users, clock), new MikroOrmUnitOfWork(orm), clock);
};

describe('the unit of work around staff actions', () => {
  it('two admins demoting each other at the same moment cannot leave the marketplace without one', async () => {
    await inContext(orm, async () => {
      const users = new MikroOrmUserRepository(orm);
      await users.save(person('ifeoma', 'admin'));
      await users.save(person('kunle', 'admin'));
    });
    const results = await Promise.allSettled([
      inContext(orm, () => changeRole().execute({ userId: 'kunle', role: 'user' }, { userId: 'ifeoma', role: 'admin' })),
      inContext(orm, () => changeRole().execute({ userId: 'ifeoma', role: 'user' }, { userId: 'kunle', role: 'admin' })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'LAST_ADMIN' });
    const { rows } = await pool.query(`select count(*)::int as admins from users where role = 'admin'`);
    expect(rows[0].admins).toBe(1);
    const audit = await pool.query(`select count(*)::int as entries from audit_log where action = 'user.role_changed'`);
    expect(audit.rows[0].entries).toBe(1);
  });

  it('two moderators approving one pending listing at once: one wins, the other is told it already moved', async () => {
    const listingId = await inContext(orm, async () => {
      const repo = new MikroOrmListingRepository(orm, new SearchCache());
      const listing = Listing.submit(await repo.nextId(), 'ifeoma', details('2023 BYD Seal'), new Date());
      await repo.save(listing);
      return listing.id;
    });
    const moderate = () => {
      const users = new MikroOrmUserRepository(orm);
      return new ModerateListing(
        new MikroOrmListingRepository(orm, new SearchCache()), users, new AuditTrail(new MikroOrmAuditLog(orm), users, clock), new MikroOrmUnitOfWork(orm), clock,
        new CurrentCarOfTheWeek(new PostgresCarOfTheWeekReads(pool), clock), new PostgresUploadLedger(orm), new LibphonenumberPhoneNumbers(),
        notifier(), new PostgresAlertQueue(orm),
      );
    };
    const moderator: Actor = { userId: 'kunle', role: 'support' };
    const results = await Promise.allSettled([
      inContext(orm, () => moderate().execute({ id: listingId, action: { kind: 'approve' } }, moderator)),
      inContext(orm, () => moderate().execute({ id: listingId, action: { kind: 'approve' } }, moderator)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason).toMatchObject({ code: 'LISTING_ILLEGAL_TRANSITION' });
    const audit = await pool.query('select action, before from audit_log where record_id = $1', [String(listingId)]);
    expect(audit.rows).toEqual([{ action: 'vehicle.approved', before: { status: 'pending', isVerified: false } }]);
    // The seller is told once: the losing approval rolled back, its notice with it.
    const told = await pool.query(`select n.title, (select count(*)::int from live_events e where e.user_id = n.user_id and e.type = 'notification') as events
                                   from notifications n where n.user_id = 'ifeoma'`);
    expect(told.rows).toEqual([{ title: 'Your listing is live', events: 1 }]);
  });

  it('rolls the listing back when its audit entry cannot be written', async () => {
    const listingId = await inContext(orm, async () => {
      await new MikroOrmUserRepository(orm).save(person('seller'));
      const repo = new MikroOrmListingRepository(orm, new SearchCache());
      const listing = Listing.submit(await repo.nextId(), 'seller', details('2022 Kia EV6'), new Date());
      await repo.save(listing);
      return listing.id;
    });
    const users = new MikroOrmUserRepository(orm);
    const failingLog = { append: async (_entry: AuditEntry) => { throw new Error('disk full'); } };
    const moderate = new ModerateListing(
      new MikroOrmListingRepository(orm, new SearchCache()), users, new AuditTrail(failingLog, users, clock), new MikroOrmUnitOfWork(orm), clock,
      new CurrentCarOfTheWeek(new PostgresCarOfTheWeekReads(pool), clock), new PostgresUploadLedger(orm), new LibphonenumberPhoneNumbers(),
      notifier(), new PostgresAlertQueue(orm),
    );
    await expect(inContext(orm, () => moderate.execute({ id: listingId, action: { kind: 'approve' } }, { userId: 'seller', role: 'support' })))
      .rejects.toThrow('disk full');
    const { rows } = await pool.query('select status, is_verified from listings where id = $1', [listingId]);
    expect(rows[0]).toEqual({ status: 'pending', is_verified: false });
  });
});
