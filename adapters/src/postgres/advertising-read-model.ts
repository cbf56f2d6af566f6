import type pg from 'pg';
import type {
  AdminListQuery, AdminPackageFilter, AdminPackageSort, AdminPackageView, AdminPaymentFilter, AdminPaymentSort, AdminPaymentView,
  AdvertisingReads, AdvertisingSummary, MyPackageView, Page, PaymentView, PersonView, RevenuePoint, TierImpressions,
} from '@voltmarket/application';
import {
  type AdvertisingPackageStatus, isRefundableAt, packageStatusAt, type PackageType, type PaymentMethod, type PaymentMode,
  type PaymentStatus, sellerDisplayName,
} from '@voltmarket/domain';
import { Conditions, containing, orderBy, pagedQuery } from './admin-read-model.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const naira = (kobo: string | number): number => Math.round(Number(kobo) / 100);
const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** An active package whose end has passed reads expired: no job has to run first. */
const statusAt = (status: AdvertisingPackageStatus, end: Date | null, now: Date): AdvertisingPackageStatus =>
  packageStatusAt(status, end ? new Date(end) : null, now);

const PAYMENT_COLUMN: Record<AdminPaymentSort, string> = {
  id: 'p.id', createdAt: 'p.created_at', paidAt: 'p.paid_at', amount: 'p.amount_kobo', status: 'p.status',
};
const PACKAGE_COLUMN: Record<AdminPackageSort, string> = {
  id: 'ap.id', createdAt: 'ap.created_at', startDate: 'ap.start_date', endDate: 'ap.end_date', price: 'ap.price_kobo',
};

interface PaymentRowSql {
  id: string; reference: string; user_id: string; vehicle_id: number; amount_kobo: string; currency: string; mode: PaymentMode;
  method: PaymentMethod; status: PaymentStatus; gateway_response: string | null; channel: string | null; failure_reason: string | null;
  paid_at: Date | null; refunded_at: Date | null; created_at: Date; updated_at: Date;
  package_id: string | null; package_type: PackageType; package_name: string; vehicle_title: string | null;
  first_name: string | null; last_name: string | null; email: string | null; boost_ends_at: Date | null;
}

interface PackageRowSql {
  id: string; vehicle_id: number; user_id: string; payment_id: string; package_type: PackageType; package_name: string; tier: number;
  duration_days: number; price_kobo: string; status: AdvertisingPackageStatus; start_date: Date | null; end_date: Date | null;
  features: string[]; created_at: Date; updated_at: Date; reference: string; payment_status: PaymentStatus; vehicle_title: string | null;
  first_name: string | null; last_name: string | null; email: string | null;
}

const PAYMENT_FROM = `
  from payments p
  left join advertising_packages ap on ap.payment_id = p.id
  left join listings l on l.id = p.vehicle_id
  left join users u on u.id = p.user_id`;
const PAYMENT_SELECT = `select p.*, ap.id as package_id, ap.package_type, ap.package_name, ap.end_date as boost_ends_at, l.title as vehicle_title,
  u.first_name, u.last_name, u.email ${PAYMENT_FROM}`;

const PACKAGE_FROM = `
  from advertising_packages ap
  join payments p on p.id = ap.payment_id
  left join listings l on l.id = ap.vehicle_id
  left join users u on u.id = ap.user_id`;
const PACKAGE_SELECT = `select ap.*, p.reference, p.status as payment_status, l.title as vehicle_title, u.first_name, u.last_name, u.email ${PACKAGE_FROM}`;

const person = (id: string, r: { first_name: string | null; last_name: string | null; email: string | null }): PersonView => ({
  id, name: sellerDisplayName({ firstName: r.first_name, lastName: r.last_name, email: r.email }, 'member'), email: r.email,
});
/** A deleted listing keeps its payments; they name it by number. */
const titleOf = (title: string | null, id: number): string => title ?? `Listing #${id}`;

/** Payments and packages read for sellers and staff, straight from the primary database. */
export class PostgresAdvertisingReads implements AdvertisingReads {
  constructor(private readonly pool: pg.Pool) {}

  async myPackages(userId: string, now: Date): Promise<MyPackageView[]> {
    const { rows } = await this.pool.query<PackageRowSql>(
      `${PACKAGE_SELECT} where ap.user_id = $1 order by ap.created_at desc, ap.id desc limit 200`, [userId]);
    return rows.map((r) => {
      const status = statusAt(r.status, r.end_date, now);
      const left = status === 'active' && r.end_date ? Math.ceil((new Date(r.end_date).getTime() - now.getTime()) / DAY_MS) : 0;
      return {
        id: Number(r.id), vehicleId: r.vehicle_id, vehicleTitle: titleOf(r.vehicle_title, r.vehicle_id), packageType: r.package_type,
        packageName: r.package_name, tier: r.tier, price: naira(r.price_kobo), durationDays: r.duration_days, status,
        startDate: iso(r.start_date), endDate: iso(r.end_date), daysLeft: Math.max(0, left), features: r.features, reference: r.reference,
        paymentStatus: r.payment_status, createdAt: iso(r.created_at)!,
      };
    });
  }

  async payment(reference: string): Promise<(PaymentView & { userId: string }) | null> {
    const { rows } = await this.pool.query<PaymentRowSql>(`${PAYMENT_SELECT} where p.reference = $1`, [reference]);
    const r = rows[0];
    if (!r) return null;
    return {
      userId: r.user_id, reference: r.reference, status: r.status, amount: naira(r.amount_kobo), currency: r.currency, packageType: r.package_type,
      packageName: r.package_name, vehicleId: r.vehicle_id, vehicleTitle: titleOf(r.vehicle_title, r.vehicle_id),
      boostEndsAt: r.status === 'success' ? iso(r.boost_ends_at) : null, paidAt: iso(r.paid_at), createdAt: iso(r.created_at)!,
    };
  }

  async adminPayments(query: AdminListQuery<AdminPaymentFilter, AdminPaymentSort>, now: Date): Promise<Page<AdminPaymentView>> {
    const f = query.filter;
    const c = new Conditions();
    if (f.ids) c.add('p.id = any(?::bigint[])', f.ids);
    if (f.status) c.add('p.status = ?', f.status);
    if (f.from) c.add(`p.created_at >= (?::date)::timestamp at time zone 'Africa/Lagos'`, f.from);
    if (f.to) c.add(`p.created_at < ((?::date) + 1)::timestamp at time zone 'Africa/Lagos'`, f.to);
    if (f.sellerId) c.add('p.user_id = ?', f.sellerId);
    if (f.vehicleId !== undefined) c.add('p.vehicle_id = ?', f.vehicleId);
    if (f.q) c.add(`p.reference ilike ?`, containing(f.q));
    return pagedQuery(this.pool, `select count(*)::int as total from payments p ${c.where()}`, c, query.range, async (lim, off) => {
      const { rows } = await this.pool.query<PaymentRowSql>(
        `${PAYMENT_SELECT} ${c.where()} ${orderBy(PAYMENT_COLUMN[query.sort.field], query.sort, 'p.id')} limit ${lim} offset ${off}`, c.params);
      return rows.map((r) => toAdminPayment(r, now));
    });
  }

  async adminPackages(query: AdminListQuery<AdminPackageFilter, AdminPackageSort>, now: Date): Promise<Page<AdminPackageView>> {
    const f = query.filter;
    const c = new Conditions();
    if (f.ids) c.add('ap.id = any(?::bigint[])', f.ids);
    if (f.status === 'active') c.add(`ap.status = 'active' and ap.end_date > ?`, now);
    else if (f.status === 'expired') c.add(`(ap.status = 'expired' or (ap.status = 'active' and ap.end_date <= ?))`, now);
    else if (f.status) c.add('ap.status = ?', f.status);
    if (f.packageType) c.add('ap.package_type = ?', f.packageType);
    if (f.tier !== undefined) c.add('ap.tier = ?', f.tier);
    if (f.sellerId) c.add('ap.user_id = ?', f.sellerId);
    if (f.vehicleId !== undefined) c.add('ap.vehicle_id = ?', f.vehicleId);
    return pagedQuery(this.pool, `select count(*)::int as total from advertising_packages ap ${c.where()}`, c, query.range, async (lim, off) => {
      const { rows } = await this.pool.query<PackageRowSql>(
        `${PACKAGE_SELECT} ${c.where()} ${orderBy(PACKAGE_COLUMN[query.sort.field], query.sort, 'ap.id')} limit ${lim} offset ${off}`, c.params);
      return rows.map((r): AdminPackageView => ({
        id: Number(r.id), vehicleId: r.vehicle_id, vehicleTitle: titleOf(r.vehicle_title, r.vehicle_id), userId: r.user_id, seller: person(r.user_id, r),
        paymentId: Number(r.payment_id), reference: r.reference, paymentStatus: r.payment_status, packageType: r.package_type,
        packageName: r.package_name, tier: r.tier, durationDays: r.duration_days, price: naira(r.price_kobo), status: statusAt(r.status, r.end_date, now),
        startDate: iso(r.start_date), endDate: iso(r.end_date), features: r.features, createdAt: iso(r.created_at)!, updatedAt: iso(r.updated_at)!,
      }));
    });
  }

  async impressionsByTier(sinceDay: string): Promise<TierImpressions[]> {
    const { rows } = await this.pool.query<TierImpressions>(
      `select tier, sum(promoted)::float8 as promoted, sum(organic)::float8 as organic
       from listing_impressions where day >= $1::date and tier > 0 group by tier order by tier`,
      [sinceDay],
    );
    return rows;
  }

  async summary(now: Date): Promise<AdvertisingSummary> {
    const [totals, byDay, byMonth] = await Promise.all([
      this.pool.query<{ revenue: string; recent: string; sales: number; refunds: number; pending: number; running: number }>(
        `select coalesce(sum(amount_kobo) filter (where status = 'success'), 0) as revenue,
                coalesce(sum(amount_kobo) filter (where status = 'success' and paid_at >= $1::timestamptz - interval '30 days'), 0) as recent,
                (count(*) filter (where status = 'success'))::int as sales,
                (count(*) filter (where status = 'reversed'))::int as refunds,
                (count(*) filter (where status = 'pending'))::int as pending,
                (select count(*)::int from listings where status = 'active' and boost_tier > 0 and boosted_until > $1) as running
         from payments`, [now]),
      this.revenue(now, 'day', 30),
      this.revenue(now, 'month', 12),
    ]);
    const t = totals.rows[0]!;
    return {
      revenue: naira(t.revenue), revenueLast30Days: naira(t.recent), sales: t.sales, refunds: t.refunds, pendingPayments: t.pending,
      activeBoosts: t.running, byDay, byMonth,
    };
  }

  /** Successful payments (refunds excluded) per Lagos day or month, every period present, oldest first. */
  private async revenue(now: Date, unit: 'day' | 'month', periods: number): Promise<RevenuePoint[]> {
    const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const { rows } = await this.pool.query<{ period: string; basic: string; premium: string; ultimate: string; purchases: number }>(
      `with periods as (
         select generate_series(date_trunc('${unit}', $1::timestamptz at time zone 'Africa/Lagos') - ($2::int - 1) * interval '1 ${unit}',
                                date_trunc('${unit}', $1::timestamptz at time zone 'Africa/Lagos'), interval '1 ${unit}') as start
       ), paid as (
         select date_trunc('${unit}', p.paid_at at time zone 'Africa/Lagos') as start, ap.package_type, p.amount_kobo
         from payments p join advertising_packages ap on ap.payment_id = p.id
         where p.status = 'success' and p.paid_at >= (select min(start) from periods) at time zone 'Africa/Lagos'
       )
       select to_char(periods.start, '${format}') as period,
              coalesce(sum(paid.amount_kobo) filter (where paid.package_type = 'basic'), 0) as basic,
              coalesce(sum(paid.amount_kobo) filter (where paid.package_type = 'premium'), 0) as premium,
              coalesce(sum(paid.amount_kobo) filter (where paid.package_type = 'ultimate'), 0) as ultimate,
              count(paid.amount_kobo)::int as purchases
       from periods left join paid using (start)
       group by periods.start order by periods.start`, [now, periods]);
    return rows.map((r) => {
      const [basic, premium, ultimate] = [naira(r.basic), naira(r.premium), naira(r.ultimate)];
      return { period: r.period, basic, premium, ultimate, total: basic + premium + ultimate, purchases: r.purchases };
    });
  }
}

function toAdminPayment(r: PaymentRowSql, now: Date): AdminPaymentView {
  const paidAt = r.paid_at ? new Date(r.paid_at) : null;
  return {
    id: Number(r.id), reference: r.reference, userId: r.user_id, seller: person(r.user_id, r), vehicleId: r.vehicle_id,
    vehicleTitle: titleOf(r.vehicle_title, r.vehicle_id), amount: naira(r.amount_kobo), amountKobo: Number(r.amount_kobo), currency: r.currency,
    mode: r.mode, status: r.status, paymentMethod: r.method, channel: r.channel, gatewayResponse: r.gateway_response, failureReason: r.failure_reason,
    packageId: r.package_id ? Number(r.package_id) : null, packageType: r.package_type, packageName: r.package_name,
    refundable: isRefundableAt(r.status, paidAt, now),
    paidAt: iso(r.paid_at), refundedAt: iso(r.refunded_at), createdAt: iso(r.created_at)!, updatedAt: iso(r.updated_at)!,
  };
}
