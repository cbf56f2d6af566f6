import type { MikroORM } from '@mikro-orm/postgresql';
import {
  AdvertisingPackage, type AdvertisingPackageRepository, type AdvertisingPackageStatus, type BoostTier, type PackageType, Payment,
  type PaymentMethod, type PaymentMode, type PaymentRepository, type PaymentStatus,
} from '@voltmarket/domain';
import type { BoostReminders, EndingBoost } from '@voltmarket/application';
import { sqlRows } from './sql.js';

interface PaymentRow {
  id: string; reference: string; user_id: string; vehicle_id: number; amount_kobo: string; currency: string; mode: PaymentMode; method: PaymentMethod;
  status: PaymentStatus; gateway_response: string | null; channel: string | null; failure_reason: string | null; paid_at: Date | null;
  refunded_at: Date | null; checks_done: number; next_check_at: Date | null; created_at: Date; updated_at: Date;
}

const date = (d: Date | null): Date | null => (d ? new Date(d) : null);

const toPayment = (r: PaymentRow): Payment => Object.assign(new Payment(), {
  id: Number(r.id), reference: r.reference, userId: r.user_id, vehicleId: r.vehicle_id, amountKobo: Number(r.amount_kobo), currency: r.currency,
  mode: r.mode, method: r.method, status: r.status, gatewayResponse: r.gateway_response, channel: r.channel, failureReason: r.failure_reason,
  paidAt: date(r.paid_at), refundedAt: date(r.refunded_at), checksDone: r.checks_done, nextCheckAt: date(r.next_check_at), createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at),
});

/** Payments in Postgres, one row per reference; confirmations lock the row so they run one at a time. */
export class PostgresPaymentRepository implements PaymentRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(p: Payment): Promise<Payment> {
    const [row] = await sqlRows<PaymentRow>(this.orm,
      `insert into payments (reference, user_id, vehicle_id, amount_kobo, currency, mode, method, status, gateway_response, channel, failure_reason,
                             paid_at, refunded_at, checks_done, next_check_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
      [p.reference, p.userId, p.vehicleId, p.amountKobo, p.currency, p.mode, p.method, p.status, p.gatewayResponse, p.channel, p.failureReason,
        p.paidAt, p.refundedAt, p.checksDone, p.nextCheckAt, p.createdAt, p.updatedAt],
    );
    return toPayment(row!);
  }

  async findByReferenceForUpdate(reference: string): Promise<Payment | null> {
    const [row] = await sqlRows<PaymentRow>(this.orm, `select * from payments where reference = ? for update`, [reference]);
    return row ? toPayment(row) : null;
  }

  async findByIdForUpdate(id: number): Promise<Payment | null> {
    const [row] = await sqlRows<PaymentRow>(this.orm, `select * from payments where id = ? for update`, [id]);
    return row ? toPayment(row) : null;
  }

  async dueForCheck(now: Date, limit: number): Promise<string[]> {
    const rows = await sqlRows<{ reference: string }>(this.orm,
      `select reference from payments where status = 'pending' and next_check_at <= ? order by next_check_at limit ?`, [now, limit]);
    return rows.map((r) => r.reference);
  }

  async findByReference(reference: string): Promise<Payment | null> {
    const [row] = await sqlRows<PaymentRow>(this.orm, `select * from payments where reference = ?`, [reference]);
    return row ? toPayment(row) : null;
  }

  async save(p: Payment): Promise<void> {
    await sqlRows(this.orm,
      `update payments set status = ?, gateway_response = ?, channel = ?, failure_reason = ?, paid_at = ?, refunded_at = ?, checks_done = ?,
                           next_check_at = ?, updated_at = ? where id = ?`,
      [p.status, p.gatewayResponse, p.channel, p.failureReason, p.paidAt, p.refundedAt, p.checksDone, p.nextCheckAt, p.updatedAt, p.id],
    );
  }
}

interface PackageRow {
  id: string; vehicle_id: number; user_id: string; payment_id: string; package_type: PackageType; package_name: string; tier: BoostTier;
  duration_days: number; price_kobo: string; status: AdvertisingPackageStatus; start_date: Date | null; end_date: Date | null; features: string[];
  created_at: Date; updated_at: Date;
}

const toPackage = (r: PackageRow): AdvertisingPackage => Object.assign(new AdvertisingPackage(), {
  id: Number(r.id), vehicleId: r.vehicle_id, userId: r.user_id, paymentId: Number(r.payment_id), packageType: r.package_type, packageName: r.package_name,
  tier: r.tier, durationDays: r.duration_days, priceKobo: Number(r.price_kobo), status: r.status, startDate: date(r.start_date), endDate: date(r.end_date),
  features: r.features, createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at),
});

export class PostgresAdvertisingPackageRepository implements AdvertisingPackageRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(p: AdvertisingPackage): Promise<AdvertisingPackage> {
    const [row] = await sqlRows<PackageRow>(this.orm,
      `insert into advertising_packages (vehicle_id, user_id, payment_id, package_type, package_name, tier, duration_days, price_kobo, status,
                                         start_date, end_date, features, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?) returning *`,
      [p.vehicleId, p.userId, p.paymentId, p.packageType, p.packageName, p.tier, p.durationDays, p.priceKobo, p.status, p.startDate, p.endDate,
        JSON.stringify(p.features), p.createdAt, p.updatedAt],
    );
    return toPackage(row!);
  }

  async findByPayment(paymentId: number): Promise<AdvertisingPackage | null> {
    const [row] = await sqlRows<PackageRow>(this.orm, `select * from advertising_packages where payment_id = ?`, [paymentId]);
    return row ? toPackage(row) : null;
  }

  async findActiveForListing(vehicleId: number): Promise<AdvertisingPackage[]> {
    const rows = await sqlRows<PackageRow>(this.orm,
      `select * from advertising_packages where vehicle_id = ? and status = 'active' order by start_date, id`, [vehicleId]);
    return rows.map(toPackage);
  }

  async save(p: AdvertisingPackage): Promise<void> {
    await sqlRows(this.orm, `update advertising_packages set status = ?, start_date = ?, end_date = ?, updated_at = ? where id = ?`,
      [p.status, p.startDate, p.endDate, p.updatedAt, p.id]);
  }
}

/** Reminders three days before a listing's boost ends, claimed in the caller's transaction with the notification they send. */
export class PostgresBoostReminders implements BoostReminders {
  constructor(private readonly orm: MikroORM) {}

  async due(now: Date, within: number): Promise<EndingBoost[]> {
    const rows = await sqlRows<{ id: number; seller_id: string; title: string; boost_tier: number; boosted_until: Date }>(this.orm,
      `select id, seller_id, title, boost_tier, boosted_until from listings
       where boost_tier > 0 and boosted_until > ? and boosted_until <= ? and status = 'active'
         and boost_reminded_for is distinct from boosted_until
       order by boosted_until limit 500`, [now, new Date(now.getTime() + within)]);
    return rows.map((r) => ({ listingId: r.id, sellerId: r.seller_id, title: r.title, tier: r.boost_tier, until: new Date(r.boosted_until) }));
  }

  async clearEnded(now: Date): Promise<number> {
    const rows = await sqlRows<{ id: number }>(this.orm,
      `update listings set boost_tier = 0, boosted_until = null where boost_tier > 0 and boosted_until <= ? returning id`, [now]);
    return rows.length;
  }

  async claim(listingId: number, now: Date, within: number): Promise<boolean> {
    // The end as stored (microseconds), not as read back into a Date: the reminder is for exactly that end.
    const rows = await sqlRows<{ id: number }>(this.orm,
      `update listings set boost_reminded_for = boosted_until
       where id = ? and boost_tier > 0 and boosted_until > ? and boosted_until <= ? and boost_reminded_for is distinct from boosted_until returning id`,
      [listingId, now, new Date(now.getTime() + within)]);
    return rows.length === 1;
  }
}
