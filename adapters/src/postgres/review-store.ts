import type { MikroORM } from '@mikro-orm/postgresql';
import type {
  AdminReviewQuery, FoundSubject, NewReview, PersonName, Rating, ReviewPage, ReviewStore, ReviewTarget, StoredReview,
} from '@voltmarket/application';
import { type RentalStatus, sellerDisplayName } from '@voltmarket/domain';
import { sqlRows } from './sql.js';

interface ReviewRow {
  id: string; kind: 'rental' | 'listing'; booking_id: string | null; vehicle_id: number | null; vehicle_title: string;
  reviewer_id: string; reviewee_id: string; reviewee_role: StoredReview['revieweeRole']; rating: number; title: string; comment: string;
  reply: string | null; replied_at: Date | null; published_at: Date | null; hidden_at: Date | null; hidden_reason: string | null; created_at: Date;
  reviewer_first: string | null; reviewer_last: string | null; reviewer_email: string | null;
  reviewee_first: string | null; reviewee_last: string | null; reviewee_email: string | null;
  total?: number;
}

const SELECT_REVIEW = `
  select v.*, a.first_name as reviewer_first, a.last_name as reviewer_last, a.email as reviewer_email,
         b.first_name as reviewee_first, b.last_name as reviewee_last, b.email as reviewee_email
  from reviews v join users a on a.id = v.reviewer_id join users b on b.id = v.reviewee_id`;

const date = (d: Date | null) => (d ? new Date(d) : null);

const toStored = (r: ReviewRow): StoredReview => ({
  id: Number(r.id), kind: r.kind, bookingId: r.booking_id === null ? null : Number(r.booking_id), vehicleId: r.vehicle_id, vehicleTitle: r.vehicle_title,
  reviewerId: r.reviewer_id, revieweeId: r.reviewee_id, revieweeRole: r.reviewee_role, rating: r.rating, title: r.title, comment: r.comment,
  reply: r.reply, repliedAt: date(r.replied_at), publishedAt: date(r.published_at), hiddenAt: date(r.hidden_at), hiddenReason: r.hidden_reason,
  createdAt: new Date(r.created_at),
  reviewer: { firstName: r.reviewer_first, lastName: r.reviewer_last, email: r.reviewer_email },
  reviewee: { firstName: r.reviewee_first, lastName: r.reviewee_last, email: r.reviewee_email },
});

const person = (first: string | null, last: string | null, email: string | null): PersonName => ({ firstName: first, lastName: last, email });
const named = (id: string, name: PersonName) => ({ id, name: sellerDisplayName(name, 'member') });

/** A person's kept average as a seller or owner, computed again from their published, shown reviews. */
const REFRESH_RATINGS = `
  insert into seller_ratings (user_id, rating_sum, rating_count)
  select p.id, coalesce(sum(v.rating), 0), count(v.rating)
  from (select distinct value as id from jsonb_array_elements_text(?::jsonb)) p
  left join reviews v on v.reviewee_id = p.id and v.published_at is not null and v.hidden_at is null and v.reviewee_role in ('seller', 'owner')
  group by p.id
  on conflict (user_id) do update set rating_sum = excluded.rating_sum, rating_count = excluded.rating_count`;

/** Reviews in Postgres; every write runs in the caller's unit of work. */
export class PostgresReviewStore implements ReviewStore {
  constructor(private readonly orm: MikroORM) {}

  async rentalSubject(bookingId: number): Promise<FoundSubject | null> {
    const [row] = await sqlRows<{
      id: string; status: RentalStatus; updated_at: Date; vehicle_id: number; vehicle_title: string; renter_id: string; owner_id: string;
      rf: string | null; rl: string | null; re: string | null; of: string | null; ol: string | null; oe: string | null;
    }>(this.orm,
      `select r.id, r.status, r.updated_at, r.vehicle_id, r.vehicle_title, r.renter_id, r.owner_id,
              ru.first_name as rf, ru.last_name as rl, ru.email as re, ou.first_name as of, ou.last_name as ol, ou.email as oe
       from rentals r join users ru on ru.id = r.renter_id join users ou on ou.id = r.owner_id where r.id = ?`, [bookingId]);
    if (!row) return null;
    return {
      kind: 'rental', bookingId: Number(row.id), status: row.status,
      // A completed booking changes no more: its last change is its completion.
      completedAt: row.status === 'completed' ? new Date(row.updated_at) : null,
      renter: named(row.renter_id, person(row.rf, row.rl, row.re)), owner: named(row.owner_id, person(row.of, row.ol, row.oe)),
      vehicleId: row.vehicle_id, vehicleTitle: row.vehicle_title,
    };
  }

  async listingSubject(vehicleId: number, buyerId: string): Promise<FoundSubject | null> {
    const [row] = await sqlRows<{
      id: number; status: string; title: string; seller_id: string; first_name: string | null; last_name: string | null; email: string | null; replied_at: Date | null;
    }>(this.orm,
      `select l.id, l.status, l.title, l.seller_id, u.first_name, u.last_name, u.email,
              (select min(m.created_at) from conversations c join messages m on m.conversation_id = c.id
               where c.vehicle_id = l.id and c.buyer_id = ? and m.sender_id = l.seller_id) as replied_at
       from listings l join users u on u.id = l.seller_id where l.id = ?`, [buyerId, vehicleId]);
    if (!row) return null;
    return {
      kind: 'listing', listingId: row.id, listingStatus: row.status, seller: named(row.seller_id, person(row.first_name, row.last_name, row.email)),
      sellerRepliedAt: date(row.replied_at), vehicleId: row.id, vehicleTitle: row.title,
    };
  }

  async findByReviewer(reviewerId: string, target: ReviewTarget): Promise<StoredReview | null> {
    const [row] = target.kind === 'rental'
      ? await sqlRows<ReviewRow>(this.orm, `${SELECT_REVIEW} where v.kind = 'rental' and v.booking_id = ? and v.reviewer_id = ?`, [target.bookingId, reviewerId])
      : await sqlRows<ReviewRow>(this.orm, `${SELECT_REVIEW} where v.kind = 'listing' and v.vehicle_id = ? and v.reviewer_id = ?`, [target.vehicleId, reviewerId]);
    return row ? toStored(row) : null;
  }

  async add(r: NewReview): Promise<number | null> {
    const [row] = await sqlRows<{ id: string }>(this.orm,
      `insert into reviews (kind, booking_id, vehicle_id, vehicle_title, reviewer_id, reviewee_id, reviewee_role, rating, title, comment, published_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
      [r.kind, r.bookingId, r.vehicleId, r.vehicleTitle, r.reviewerId, r.revieweeId, r.revieweeRole, r.rating, r.title, r.comment, r.publishedAt, r.createdAt]);
    return row ? Number(row.id) : null;
  }

  async publishBooking(bookingId: number, now: Date): Promise<number> {
    const rows = await sqlRows<{ reviewee_id: string }>(this.orm,
      `update reviews set published_at = ?
       where booking_id = ? and published_at is null and (select count(*) from reviews w where w.booking_id = ?) = 2
       returning reviewee_id`, [now, bookingId, bookingId]);
    await this.refreshRatings(rows.map((r) => r.reviewee_id));
    return rows.length;
  }

  async publishDue(now: Date): Promise<number> {
    const rows = await sqlRows<{ reviewee_id: string }>(this.orm,
      `update reviews v set published_at = ? from rentals r
       where v.booking_id = r.id and v.published_at is null and r.status = 'completed' and r.updated_at + interval '14 days' < ?
       returning v.reviewee_id`, [now, now]);
    await this.refreshRatings(rows.map((r) => r.reviewee_id));
    return rows.length;
  }

  async find(id: number): Promise<StoredReview | null> {
    const [row] = await sqlRows<ReviewRow>(this.orm, `${SELECT_REVIEW} where v.id = ?`, [id]);
    return row ? toStored(row) : null;
  }

  async findForUpdate(id: number): Promise<StoredReview | null> {
    const [row] = await sqlRows<ReviewRow>(this.orm, `${SELECT_REVIEW} where v.id = ? for update of v`, [id]);
    return row ? toStored(row) : null;
  }

  async saveReply(id: number, reply: string, at: Date): Promise<void> {
    await sqlRows(this.orm, `update reviews set reply = ?, replied_at = ? where id = ?`, [reply, at, id]);
  }

  async setHidden(id: number, hidden: { reason: string; by: string; at: Date } | null): Promise<void> {
    await sqlRows(this.orm, `update reviews set hidden_at = ?, hidden_reason = ?, hidden_by = ? where id = ?`,
      [hidden?.at ?? null, hidden?.reason ?? null, hidden?.by ?? null, id]);
  }

  async publishedAbout(userId: string, as: 'seller' | 'renter', offset: number, limit: number): Promise<ReviewPage> {
    const roles = as === 'seller' ? `('seller', 'owner')` : `('renter')`;
    const where = `v.reviewee_id = ? and v.published_at is not null and v.hidden_at is null and v.reviewee_role in ${roles}`;
    const [rows, [count]] = await Promise.all([
      sqlRows<ReviewRow>(this.orm, `${SELECT_REVIEW} where ${where} order by v.published_at desc, v.id desc offset ? limit ?`, [userId, offset, limit]),
      sqlRows<{ n: number }>(this.orm, `select count(*)::int as n from reviews v where ${where}`, [userId]),
    ]);
    return { items: rows.map(toStored), total: count?.n ?? 0 };
  }

  async ratingOf(userId: string): Promise<Rating | null> {
    const [row] = await sqlRows<{ rating_sum: number; rating_count: number }>(this.orm, `select rating_sum, rating_count from seller_ratings where user_id = ?`, [userId]);
    return row && row.rating_count > 0 ? { average: row.rating_sum / row.rating_count, count: row.rating_count } : null;
  }

  refreshRating(userId: string): Promise<void> {
    return this.refreshRatings([userId]);
  }

  private async refreshRatings(userIds: string[]): Promise<void> {
    if (userIds.length > 0) await sqlRows(this.orm, REFRESH_RATINGS, [JSON.stringify(userIds)]);
  }

  async adminList(query: AdminReviewQuery): Promise<ReviewPage> {
    const where: string[] = ['true'];
    const params: unknown[] = [];
    if (query.ids) {
      where.push(`v.id in (select value::bigint from jsonb_array_elements_text(?::jsonb))`);
      params.push(JSON.stringify(query.ids));
    }
    if (query.hidden !== undefined) where.push(query.hidden ? 'v.hidden_at is not null' : 'v.hidden_at is null');
    if (query.revieweeId) {
      where.push('v.reviewee_id = ?');
      params.push(query.revieweeId);
    }
    if (query.q) {
      // Words as text, never as a pattern: position() has no wildcards to escape.
      where.push(`position(lower(?) in lower(v.title || ' ' || v.comment || ' ' || v.vehicle_title)) > 0`);
      params.push(query.q);
    }
    const [rows, [count]] = await Promise.all([
      sqlRows<ReviewRow>(this.orm, `${SELECT_REVIEW} where ${where.join(' and ')} order by v.created_at desc, v.id desc offset ? limit ?`, [...params, query.offset, query.limit]),
      sqlRows<{ n: number }>(this.orm, `select count(*)::int as n from reviews v where ${where.join(' and ')}`, params),
    ]);
    return { items: rows.map(toStored), total: count?.n ?? 0 };
  }
}
