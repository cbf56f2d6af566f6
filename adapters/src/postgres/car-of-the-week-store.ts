import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { CarOfTheWeekReads } from '@voltmarket/application';
import type { CarOfTheWeekCandidate, CarOfTheWeekPick, CarOfTheWeekPicks, StaffPickFacts } from '@voltmarket/domain';
import { tellEveryProcess } from './listing-caches.js';
import { requestEm } from './orm.js';
import { CarOfTheWeekPickSchema } from './schemas.js';

export class MikroOrmCarOfTheWeekPicks implements CarOfTheWeekPicks {
  constructor(private readonly orm: MikroORM) {}

  findForWeek(weekOf: string): Promise<CarOfTheWeekPick | null> {
    return requestEm(this.orm).findOne(CarOfTheWeekPickSchema, { weekOf }, { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async save(pick: CarOfTheWeekPick): Promise<void> {
    // An upsert: two moderators picking for the same week at once both succeed, the later one wins.
    const { weekOf, listingId, pickedBy, pickedAt } = pick;
    await requestEm(this.orm).upsert(CarOfTheWeekPickSchema, { weekOf, listingId, pickedBy, pickedAt });
    // The other processes' car of the week, once this commits (this one's forgets it in the use case).
    await tellEveryProcess(this.orm);
  }

  async remove(pick: CarOfTheWeekPick): Promise<void> {
    await requestEm(this.orm).removeAndFlush(pick);
    await tellEveryProcess(this.orm);
  }
}

interface CandidateRow { id: number; status: string; views: number; approved_at: Date | null }

const candidate = (row: CandidateRow): CarOfTheWeekCandidate => ({
  listingId: row.id, isLive: row.status === 'active', views: row.views, approvedAt: row.approved_at,
});

/** The choice's two reads, straight to SQL; `listings_active_approved` keeps the second one small. */
export class PostgresCarOfTheWeekReads implements CarOfTheWeekReads {
  constructor(private readonly pool: pg.Pool) {}

  async staffPick(weekOf: string): Promise<StaffPickFacts | null> {
    const { rows } = await this.pool.query<CandidateRow & { picked_by: string; picked_at: Date }>(
      `select l.id, l.status, l.views, l.approved_at, p.picked_by, p.picked_at
       from car_of_the_week_picks p join listings l on l.id = p.listing_id where p.week_of = $1`,
      [weekOf],
    );
    const row = rows[0];
    return row ? { weekOf, listing: candidate(row), pickedBy: row.picked_by, pickedAt: row.picked_at } : null;
  }

  async mostViewedApprovedSince(since: Date): Promise<CarOfTheWeekCandidate[]> {
    // Every listing tied on the top view count; the domain breaks the tie.
    const { rows } = await this.pool.query<CandidateRow>(
      `select id, status, views, approved_at from listings
       where status = 'active' and approved_at >= $1
       order by views desc fetch first 1 rows with ties`,
      [since],
    );
    return rows.map(candidate);
  }
}
