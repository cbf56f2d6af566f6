import type { MikroORM } from '@mikro-orm/postgresql';
import {
  type CalendarDay, type CancelledBy, datesTaken, RentalBooking, type RentalBookingRepository, type RentalSpecs, type RentalSpecsRepository,
  type RentalStatus,
} from '@voltmarket/domain';
import { sqlRows } from './sql.js';

interface RentalRow {
  id: string; vehicle_id: number; renter_id: string; owner_id: string; start_date: string; end_date: string; days: number; total_price: string;
  daily_rate: number; weekly_rate: number | null; monthly_rate: number | null; status: RentalStatus; pickup_location: string; dropoff_location: string;
  notes: string; cancel_reason: string | null; cancelled_by: CancelledBy | null; expires_at: Date; created_at: Date; updated_at: Date;
}

/** Dates come back as text (`start_date::text`), so a Lagos day never shifts with the server's time zone. */
const COLUMNS = `id, vehicle_id, renter_id, owner_id, start_date::text as start_date, end_date::text as end_date, days, total_price, daily_rate,
  weekly_rate, monthly_rate, status, pickup_location, dropoff_location, notes, cancel_reason, cancelled_by, expires_at, created_at, updated_at`;

const toBooking = (r: RentalRow): RentalBooking => Object.assign(new RentalBooking(), {
  id: Number(r.id), vehicleId: r.vehicle_id, renterId: r.renter_id, ownerId: r.owner_id, startDate: r.start_date, endDate: r.end_date, days: r.days,
  totalPrice: Number(r.total_price), dailyRate: r.daily_rate, weeklyRate: r.weekly_rate, monthlyRate: r.monthly_rate, status: r.status,
  pickupLocation: r.pickup_location, dropoffLocation: r.dropoff_location, notes: r.notes, cancelReason: r.cancel_reason, cancelledBy: r.cancelled_by,
  expiresAt: new Date(r.expires_at), createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at),
});

/** The advisory-lock space for "changes to this vehicle's bookings". */
const VEHICLE_BOOKINGS_LOCK = 7301;
const EXCLUSION_VIOLATION = '23P01';

/** The exclusion constraint refused the days: another booking holds one of them. */
async function holdingDays<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if ((err as { code?: string }).code === EXCLUSION_VIOLATION) throw datesTaken();
    throw err;
  }
}

/** Bookings in Postgres; the database itself refuses two confirmed or active bookings holding one day of a vehicle. */
export class PostgresRentalBookingRepository implements RentalBookingRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(b: RentalBooking): Promise<RentalBooking> {
    const [row] = await holdingDays(sqlRows<RentalRow>(this.orm,
      `insert into rentals (vehicle_id, vehicle_title, renter_id, owner_id, start_date, end_date, days, total_price, daily_rate, weekly_rate, monthly_rate,
                            status, pickup_location, dropoff_location, notes, cancel_reason, cancelled_by, expires_at, created_at, updated_at)
       values (?, (select title from listings where id = ?), ?, ?, ?::date, ?::date, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning ${COLUMNS}`,
      [b.vehicleId, b.vehicleId, b.renterId, b.ownerId, b.startDate, b.endDate, b.days, b.totalPrice, b.dailyRate, b.weeklyRate, b.monthlyRate,
        b.status, b.pickupLocation, b.dropoffLocation, b.notes, b.cancelReason, b.cancelledBy, b.expiresAt, b.createdAt, b.updatedAt],
    ));
    return toBooking(row!);
  }

  async findById(id: number): Promise<RentalBooking | null> {
    const [row] = await sqlRows<RentalRow>(this.orm, `select ${COLUMNS} from rentals where id = ?`, [id]);
    return row ? toBooking(row) : null;
  }

  async findForUpdate(id: number): Promise<RentalBooking | null> {
    const [row] = await sqlRows<RentalRow>(this.orm, `select ${COLUMNS} from rentals where id = ? for update`, [id]);
    return row ? toBooking(row) : null;
  }

  async save(b: RentalBooking): Promise<void> {
    await holdingDays(sqlRows(this.orm,
      `update rentals set status = ?, cancel_reason = ?, cancelled_by = ?, updated_at = ? where id = ?`,
      [b.status, b.cancelReason, b.cancelledBy, b.updatedAt, b.id],
    ));
  }

  async lockVehicle(vehicleId: number): Promise<void> {
    await sqlRows(this.orm, `select pg_advisory_xact_lock(?, ?)`, [VEHICLE_BOOKINGS_LOCK, vehicleId]);
  }

  async isHeld(vehicleId: number, startDate: CalendarDay, endDate: CalendarDay): Promise<boolean> {
    const rows = await sqlRows(this.orm,
      `select 1 from rentals where vehicle_id = ? and status in ('confirmed', 'active')
         and daterange(start_date, end_date, '[)') && daterange(?::date, ?::date, '[)') limit 1`,
      [vehicleId, startDate, endDate]);
    return rows.length > 0;
  }

  async pendingOverlapping(vehicleId: number, startDate: CalendarDay, endDate: CalendarDay, exceptId: number): Promise<RentalBooking[]> {
    const rows = await sqlRows<RentalRow>(this.orm,
      `select ${COLUMNS} from rentals where vehicle_id = ? and status = 'pending' and id <> ?
         and start_date < ?::date and ?::date < end_date order by id for update`,
      [vehicleId, exceptId, endDate, startDate]);
    return rows.map(toBooking);
  }

  async findPendingDuplicate(vehicleId: number, renterId: string, startDate: CalendarDay, endDate: CalendarDay): Promise<RentalBooking | null> {
    const [row] = await sqlRows<RentalRow>(this.orm,
      `select ${COLUMNS} from rentals where vehicle_id = ? and renter_id = ? and status = 'pending' and expires_at > now()
         and start_date < ?::date and ?::date < end_date limit 1`,
      [vehicleId, renterId, endDate, startDate]);
    return row ? toBooking(row) : null;
  }

  async claimLapsed(now: Date, limit: number): Promise<RentalBooking[]> {
    const rows = await sqlRows<RentalRow>(this.orm,
      `select ${COLUMNS} from rentals where status = 'pending' and expires_at <= ? order by expires_at limit ? for update skip locked`,
      [now, limit]);
    return rows.map(toBooking);
  }
}

interface SpecsRow { body_type: RentalSpecs['bodyType']; seats: number | null; features: string[]; battery_capacity: string | null }

export class PostgresRentalSpecsRepository implements RentalSpecsRepository {
  constructor(private readonly orm: MikroORM) {}

  async find(vehicleId: number): Promise<RentalSpecs | null> {
    const [r] = await sqlRows<SpecsRow>(this.orm, `select * from rental_specs where vehicle_id = ?`, [vehicleId]);
    return r ? {
      bodyType: r.body_type, seats: r.seats, features: r.features, batteryCapacity: r.battery_capacity === null ? null : Number(r.battery_capacity),
    } : null;
  }

  async save(vehicleId: number, s: RentalSpecs): Promise<void> {
    await sqlRows(this.orm,
      `insert into rental_specs (vehicle_id, body_type, seats, features, battery_capacity) values (?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?)
       on conflict (vehicle_id) do update set body_type = excluded.body_type, seats = excluded.seats, features = excluded.features,
         battery_capacity = excluded.battery_capacity`,
      [vehicleId, s.bodyType, s.seats, JSON.stringify(s.features), s.batteryCapacity]);
  }
}
