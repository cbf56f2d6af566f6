import type pg from 'pg';
import { contactPhone } from '@voltmarket/application';
import type {
  AdminListQuery, AdminRentalFilter, AdminRentalSort, AdminRentalVehicleFilter, AdminRentalVehicleSort, AdminRentalVehicleView, BookedRange, Page,
  RentalReads, RentalRecord, RentalSummary, RentalVehicleQuery, RentalVehicleRecord, RentalVehicleSort,
} from '@voltmarket/application';
import {
  type CalendarDay, type CancelledBy, type ChargingType, type ListingStatus, type RentalBodyType, type RentalStatus, sellerDisplayName, type VehicleType,
} from '@voltmarket/domain';
import { Conditions, containing, orderBy, pagedQuery } from './admin-read-model.js';

const iso = (d: Date): string => new Date(d).toISOString();
const num = (v: string | null): number | null => (v === null ? null : Number(v));
const name = (first: string | null, last: string | null, email: string | null, audience: 'visitor' | 'member') =>
  sellerDisplayName({ firstName: first, lastName: last, email }, audience);

/** A vehicle's type on the rental page: what it was given, else a truck is a Truck. */
const BODY_TYPE = `coalesce(s.body_type, case when l.vehicle_type = 'truck' then 'Truck' end)`;
const HELD = `r.status in ('confirmed', 'active')`;

interface VehicleRowSql {
  id: number; title: string; description: string; brand: string; model: string; year: number; body_type: RentalBodyType | null;
  vehicle_type: VehicleType; location: string; range: number; mileage: number; battery_health: number; seats: number | null; image_urls: string[];
  features: string[] | null; battery_capacity: string | null; charging_type: ChargingType;
  daily_rental_rate: number; weekly_rental_rate: number | null; monthly_rental_rate: number | null; is_rental_available: boolean;
  seller_id: string; first_name: string | null; last_name: string | null; email: string | null; booked: BookedRange[];
  rating_sum: number | null; rating_count: number | null;
}

const VEHICLE_FROM = `from listings l left join rental_specs s on s.vehicle_id = l.id left join users u on u.id = l.seller_id
  left join seller_ratings sr on sr.user_id = l.seller_id`;
/** `$1` is today: held days that end after it, for availability and the calendar. */
const VEHICLE_SELECT = `
  select l.id, l.title, l.description, l.brand, l.model, l.year, ${BODY_TYPE} as body_type, l.vehicle_type, l.location, l.range, l.mileage,
         l.battery_health, s.seats, l.image_urls, s.features, s.battery_capacity::text, l.charging_type,
         l.daily_rental_rate, nullif(l.weekly_rental_rate, 0) as weekly_rental_rate, nullif(l.monthly_rental_rate, 0) as monthly_rental_rate,
         l.is_rental_available, l.seller_id, u.first_name, u.last_name, u.email, sr.rating_sum, sr.rating_count,
         coalesce((select json_agg(json_build_object('startDate', r.start_date::text, 'endDate', r.end_date::text) order by r.start_date)
                   from rentals r where r.vehicle_id = l.id and ${HELD} and r.end_date > $1::date), '[]') as booked
  ${VEHICLE_FROM}`;
const LIVE_RENTAL = `l.status = 'active' and l.daily_rental_rate > 0`;

const VEHICLE_ORDER: Record<RentalVehicleSort, string> = {
  recommended: 'l.is_rental_available desc, l.id desc',
  'price-asc': 'l.daily_rental_rate asc, l.id asc',
  'price-desc': 'l.daily_rental_rate desc, l.id desc',
  range: 'l.range desc, l.id desc',
};

const toVehicle = (r: VehicleRowSql): RentalVehicleRecord => ({
  id: r.id, title: r.title, description: r.description, brand: r.brand, model: r.model, year: r.year, bodyType: r.body_type,
  vehicleType: r.vehicle_type, location: r.location, range: r.range, mileage: r.mileage, batteryHealth: r.battery_health, seats: r.seats,
  imageUrls: r.image_urls, features: r.features ?? [], batteryCapacity: num(r.battery_capacity), chargingType: r.charging_type,
  dailyRate: r.daily_rental_rate, weeklyRate: r.weekly_rental_rate,
  monthlyRate: r.monthly_rental_rate, isRentalAvailable: r.is_rental_available, ownerId: r.seller_id,
  owner: { id: r.seller_id, name: name(r.first_name, r.last_name, r.email, 'visitor') }, bookedRanges: r.booked,
  ownerRating: r.rating_count ? { average: Math.round((r.rating_sum! / r.rating_count) * 10) / 10, count: r.rating_count } : null,
});

interface RentalRowSql {
  id: string; vehicle_id: number; vehicle_title: string; brand: string | null; model: string | null; year: number | null; location: string | null;
  image_url: string | null; renter_id: string; renter_first: string | null; renter_last: string | null; renter_email: string | null;
  renter_phone: string | null; renter_verified_phone: string | null; owner_verified_phone: string | null; listing_phone: string | null; owner_id: string; owner_first: string | null; owner_last: string | null; owner_email: string | null;
  owner_phone: string | null; start_date: string; end_date: string; days: number; total_price: string; daily_rate: number;
  weekly_rate: number | null; monthly_rate: number | null; status: RentalStatus; pickup_location: string; dropoff_location: string; notes: string;
  cancel_reason: string | null; cancelled_by: CancelledBy | null; expires_at: Date; created_at: Date; updated_at: Date;
}

const RENTAL_FROM = `
  from rentals r
  left join listings l on l.id = r.vehicle_id
  join users ru on ru.id = r.renter_id
  join users ou on ou.id = r.owner_id`;
const RENTAL_SELECT = `
  select r.id, r.vehicle_id, coalesce(l.title, r.vehicle_title) as vehicle_title, l.brand, l.model, l.year, l.location, l.image_urls->>0 as image_url,
         r.renter_id, ru.first_name as renter_first, ru.last_name as renter_last, ru.email as renter_email, ru.phone as renter_phone, ru.verified_phone as renter_verified_phone,
         r.owner_id, ou.first_name as owner_first, ou.last_name as owner_last, ou.email as owner_email, ou.phone as owner_phone, ou.verified_phone as owner_verified_phone, l.seller_phone as listing_phone,
         r.start_date::text as start_date, r.end_date::text as end_date, r.days, r.total_price, r.daily_rate, r.weekly_rate, r.monthly_rate, r.status,
         r.pickup_location, r.dropoff_location, r.notes, r.cancel_reason, r.cancelled_by, r.expires_at, r.created_at, r.updated_at
  ${RENTAL_FROM}`;

const toRental = (r: RentalRowSql): RentalRecord => ({
  id: Number(r.id), vehicleId: r.vehicle_id,
  vehicle: { id: r.vehicle_id, title: r.vehicle_title, brand: r.brand ?? '', model: r.model ?? '', year: r.year ?? 0, location: r.location ?? '', imageUrl: r.image_url },
  renterId: r.renter_id,
  renter: { id: r.renter_id, name: name(r.renter_first, r.renter_last, r.renter_email, 'member'), phone: contactPhone({ verifiedPhone: r.renter_verified_phone, phone: r.renter_phone }, null), email: r.renter_email },
  ownerId: r.owner_id,
  owner: { id: r.owner_id, name: name(r.owner_first, r.owner_last, r.owner_email, 'member'), phone: contactPhone({ verifiedPhone: r.owner_verified_phone, phone: r.owner_phone }, { sellerPhone: r.listing_phone }), email: r.owner_email },
  startDate: r.start_date, endDate: r.end_date, days: r.days, totalPrice: Number(r.total_price), dailyRate: r.daily_rate, weeklyRate: r.weekly_rate,
  monthlyRate: r.monthly_rate, status: r.status, pickupLocation: r.pickup_location, dropoffLocation: r.dropoff_location, notes: r.notes,
  cancelReason: r.cancel_reason, cancelledBy: r.cancelled_by, expiresAt: new Date(r.expires_at), createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at),
});

/** A status as screens read it: a pending request past its answer time is cancelled. `?` is now. */
function statusCondition(c: Conditions, status: RentalStatus, now: Date): void {
  if (status === 'pending') c.add(`r.status = 'pending' and r.expires_at > ?`, now);
  else if (status === 'cancelled') c.add(`(r.status = 'cancelled' or (r.status = 'pending' and r.expires_at <= ?))`, now);
  else c.add('r.status = ?', status);
}

const RENTAL_COLUMN: Record<AdminRentalSort, string> = {
  id: 'r.id', createdAt: 'r.created_at', startDate: 'r.start_date', endDate: 'r.end_date', totalPrice: 'r.total_price', status: 'r.status',
};
const RENTAL_VEHICLE_COLUMN: Record<AdminRentalVehicleSort, string> = {
  id: 'l.id', createdAt: 'l.created_at', title: 'l.title', dailyRentalRate: 'l.daily_rental_rate', location: 'l.location',
};

interface AdminVehicleRowSql extends VehicleRowSql {
  price: number; status: ListingStatus; created_at: Date; updated_at: Date; active_bookings: number; pending_requests: number;
}

/** Rental vehicles and bookings as renters, owners and staff read them. */
export class PostgresRentalReads implements RentalReads {
  constructor(private readonly pool: pg.Pool) {}

  async vehicles(q: RentalVehicleQuery): Promise<Page<RentalVehicleRecord>> {
    const c = new Conditions();
    c.add('?::date is not null', q.today); // $1, which the select reads as today
    c.add(LIVE_RENTAL);
    if (q.location) c.add('l.location ilike ?', containing(q.location));
    if (q.bodyType) c.add(`${BODY_TYPE} = ?`, q.bodyType);
    if (q.free) {
      c.add(`l.is_rental_available and not exists (
               select 1 from rentals r where r.vehicle_id = l.id and ${HELD} and r.start_date < ?2::date and ?::date < r.end_date)`,
      q.free.startDate, q.free.endDate);
    }
    return pagedQuery(this.pool, `select count(*)::int as total ${VEHICLE_FROM} ${c.where()}`, c, { start: q.offset, end: q.offset + q.limit - 1 },
      async (lim, off) => {
        const { rows } = await this.pool.query<VehicleRowSql>(`${VEHICLE_SELECT} ${c.where()} order by ${VEHICLE_ORDER[q.sort]} limit ${lim} offset ${off}`, c.params);
        return rows.map(toVehicle);
      });
  }

  async vehicle(id: number, today: CalendarDay): Promise<RentalVehicleRecord | null> {
    const { rows } = await this.pool.query<VehicleRowSql>(`${VEHICLE_SELECT} where l.id = $2 and ${LIVE_RENTAL}`, [today, id]);
    return rows[0] ? toVehicle(rows[0]) : null;
  }

  async rentals(
    filter: { renterId?: string; ownerId?: string; ids?: number[]; status?: RentalStatus }, limit: number, offset: number, now: Date,
  ): Promise<Page<RentalRecord>> {
    const c = new Conditions();
    if (filter.ids) c.add('r.id = any(?::bigint[])', filter.ids);
    if (filter.renterId) c.add('r.renter_id = ?', filter.renterId);
    if (filter.ownerId) c.add('r.owner_id = ?', filter.ownerId);
    if (filter.status) statusCondition(c, filter.status, now);
    return pagedQuery(this.pool, `select count(*)::int as total from rentals r ${c.where()}`, c, { start: offset, end: offset + limit - 1 }, async (lim, off) => {
      const { rows } = await this.pool.query<RentalRowSql>(`${RENTAL_SELECT} ${c.where()} order by r.created_at desc, r.id desc limit ${lim} offset ${off}`, c.params);
      return rows.map(toRental);
    });
  }

  async adminRentals(query: AdminListQuery<AdminRentalFilter, AdminRentalSort>, now: Date): Promise<Page<RentalRecord>> {
    const f = query.filter;
    const c = new Conditions();
    if (f.ids) c.add('r.id = any(?::bigint[])', f.ids);
    if (f.status) statusCondition(c, f.status, now);
    if (f.vehicleId !== undefined) c.add('r.vehicle_id = ?', f.vehicleId);
    if (f.renterId) c.add('r.renter_id = ?', f.renterId);
    if (f.ownerId) c.add('r.owner_id = ?', f.ownerId);
    if (f.q) c.add(`(ru.email ilike ? or coalesce(l.title, r.vehicle_title) ilike ?1)`, containing(f.q));
    if (f.from) c.add('r.end_date > ?::date', f.from);
    if (f.to) c.add('r.start_date <= ?::date', f.to);
    return pagedQuery(this.pool, `select count(*)::int as total ${RENTAL_FROM} ${c.where()}`, c, query.range, async (lim, off) => {
      const { rows } = await this.pool.query<RentalRowSql>(
        `${RENTAL_SELECT} ${c.where()} ${orderBy(RENTAL_COLUMN[query.sort.field], query.sort, 'r.id')} limit ${lim} offset ${off}`, c.params);
      return rows.map(toRental);
    });
  }

  async adminRentalVehicles(query: AdminListQuery<AdminRentalVehicleFilter, AdminRentalVehicleSort>, today: CalendarDay): Promise<Page<AdminRentalVehicleView>> {
    const f = query.filter;
    const c = new Conditions();
    c.add('?::date is not null', today);
    c.add('l.daily_rental_rate > 0');
    if (f.ids) c.add('l.id = any(?::int[])', f.ids);
    if (f.isRentalAvailable !== undefined) c.add('l.is_rental_available = ?', f.isRentalAvailable);
    if (f.location) c.add('l.location ilike ?', containing(f.location));
    if (f.q) c.add(`(l.title ilike ? or l.brand ilike ?1 or l.model ilike ?1 or l.location ilike ?1)`, containing(f.q));
    return pagedQuery(this.pool, `select count(*)::int as total ${VEHICLE_FROM} ${c.where()}`, c, query.range, async (lim, off) => {
      const { rows } = await this.pool.query<AdminVehicleRowSql>(
        `select v.*, l.price, l.status, l.created_at, l.updated_at,
                (select count(*)::int from rentals r where r.vehicle_id = l.id and ${HELD} and r.end_date > $1::date) as active_bookings,
                (select count(*)::int from rentals r where r.vehicle_id = l.id and r.status = 'pending' and r.expires_at > now()) as pending_requests
         from (${VEHICLE_SELECT} ${c.where()} ${orderBy(RENTAL_VEHICLE_COLUMN[query.sort.field], query.sort, 'l.id')} limit ${lim} offset ${off}) v
         join listings l on l.id = v.id
         ${orderBy(RENTAL_VEHICLE_COLUMN[query.sort.field], query.sort, 'l.id')}`, c.params);
      return rows.map((r): AdminRentalVehicleView => {
        const v = toVehicle(r);
        return {
          id: v.id, title: v.title, brand: v.brand, model: v.model, year: v.year, bodyType: v.bodyType, vehicleType: v.vehicleType, location: v.location,
          price: r.price, mileage: v.mileage, range: v.range, imageUrls: v.imageUrls, status: r.status, isRentalAvailable: v.isRentalAvailable,
          dailyRentalRate: r.daily_rental_rate, weeklyRentalRate: r.weekly_rental_rate, monthlyRentalRate: r.monthly_rental_rate, seats: v.seats,
          features: v.features, batteryCapacity: v.batteryCapacity, chargingType: v.chargingType,
          sellerId: v.ownerId, seller: { id: v.ownerId, name: name(r.first_name, r.last_name, r.email, 'member'), email: r.email },
          activeBookings: r.active_bookings, pendingRequests: r.pending_requests, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
        };
      });
    });
  }

  async summary(now: Date): Promise<RentalSummary> {
    const [bookings, vehicles] = await Promise.all([
      this.pool.query<Omit<RentalSummary, 'vehicles' | 'availableVehicles'>>(
        `select (count(*) filter (where status = 'active'))::int as active,
                (count(*) filter (where status = 'pending' and expires_at > $1))::int as pending,
                (count(*) filter (where status = 'confirmed'))::int as confirmed,
                (count(*) filter (where status = 'completed'))::int as completed,
                (count(*) filter (where status = 'cancelled' or (status = 'pending' and expires_at <= $1)))::int as cancelled
         from rentals`, [now]),
      this.pool.query<{ vehicles: number; available: number }>(
        `select count(*)::int as vehicles, (count(*) filter (where is_rental_available and status = 'active'))::int as available
         from listings where daily_rental_rate > 0`),
    ]);
    return { ...bookings.rows[0]!, vehicles: vehicles.rows[0]!.vehicles, availableVehicles: vehicles.rows[0]!.available };
  }
}
