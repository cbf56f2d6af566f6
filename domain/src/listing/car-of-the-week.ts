import { DomainError } from '../shared/domain-error.js';
import type { Listing } from './listing.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Lagos keeps West Africa Time, UTC+1, all year: no daylight saving ever moves the week. */
const LAGOS_UTC_OFFSET_MS = HOUR_MS;
/** How far back an approval counts for the automatic choice. */
export const CAR_OF_THE_WEEK_WINDOW_MS = 7 * DAY_MS;

/** A marketplace week: Monday 00:00 to the next Monday 00:00, Lagos time. */
export interface MarketplaceWeek {
  /** Monday's date in Lagos, e.g. "2026-11-23": the week's name in picks and on screen. */
  weekOf: string;
  start: Date;
  end: Date;
}

export function marketplaceWeek(at: Date): MarketplaceWeek {
  // Shifting by the offset makes the UTC calendar read Lagos wall-clock time.
  const lagosDay = Math.floor((at.getTime() + LAGOS_UTC_OFFSET_MS) / DAY_MS);
  // Day 0 (1 January 1970) was a Thursday, three days after a Monday.
  const daysSinceMonday = (((lagosDay + 3) % 7) + 7) % 7;
  const monday = lagosDay - daysSinceMonday;
  return {
    weekOf: new Date(monday * DAY_MS).toISOString().slice(0, 10),
    start: new Date(monday * DAY_MS - LAGOS_UTC_OFFSET_MS),
    end: new Date((monday + 7) * DAY_MS - LAGOS_UTC_OFFSET_MS),
  };
}

/** What the choice needs to know of a listing. */
export interface CarOfTheWeekCandidate {
  listingId: number;
  isLive: boolean;
  views: number;
  approvedAt: Date | null;
}

/** A week's staff pick, with where its listing stands now. */
export interface StaffPickFacts {
  weekOf: string;
  listing: CarOfTheWeekCandidate;
  pickedBy: string;
  pickedAt: Date;
}

export type CarOfTheWeekChoice =
  | { listingId: number; weekOf: string; source: 'staff_pick'; pickedBy: string; pickedAt: Date }
  | { listingId: number; weekOf: string; source: 'most_viewed' };

/**
 * The one listing that is car of the week at `now`: this week's staff pick while it is live, else
 * the most viewed live listing approved in the last 7 days (ties: the most recently approved, then
 * the lowest id), else none.
 */
export function chooseCarOfTheWeek(now: Date, pick: StaffPickFacts | null, candidates: readonly CarOfTheWeekCandidate[]): CarOfTheWeekChoice | null {
  const { weekOf } = marketplaceWeek(now);
  if (pick && pick.weekOf === weekOf && pick.listing.isLive) {
    return { listingId: pick.listing.listingId, weekOf, source: 'staff_pick', pickedBy: pick.pickedBy, pickedAt: pick.pickedAt };
  }
  const since = now.getTime() - CAR_OF_THE_WEEK_WINDOW_MS;
  const eligible = candidates.filter((c) => c.isLive && c.approvedAt !== null && c.approvedAt.getTime() >= since && c.approvedAt <= now);
  const [best] = eligible.sort(
    (a, b) => b.views - a.views || b.approvedAt!.getTime() - a.approvedAt!.getTime() || a.listingId - b.listingId,
  );
  return best ? { listingId: best.listingId, weekOf, source: 'most_viewed' } : null;
}

export const listingNotLive = (id: number): DomainError =>
  new DomainError('conflict', 'LISTING_NOT_LIVE', `Listing ${id} is not live, so it cannot be car of the week.`);

export const notCarOfTheWeekPick = (id: number, weekOf: string): DomainError =>
  new DomainError('conflict', 'NOT_CAR_OF_THE_WEEK_PICK', `Listing ${id} is not the staff pick for the week of ${weekOf}.`);

/** Staff choose one live listing as car of the week; one pick per week, a new pick replaces the old. */
export class CarOfTheWeekPick {
  weekOf!: string;
  listingId!: number;
  pickedBy!: string;
  pickedAt!: Date;

  static make(listing: Listing, pickedBy: string, now: Date): CarOfTheWeekPick {
    if (!listing.isPublic()) throw listingNotLive(listing.id);
    return Object.assign(new CarOfTheWeekPick(), { weekOf: marketplaceWeek(now).weekOf, listingId: listing.id, pickedBy, pickedAt: now });
  }
}

/** Where staff picks live. */
export interface CarOfTheWeekPicks {
  /** The week's pick, locked until the unit of work ends. */
  findForWeek(weekOf: string): Promise<CarOfTheWeekPick | null>;
  /** Saves the week's pick, replacing any other pick of that week. */
  save(pick: CarOfTheWeekPick): Promise<void>;
  remove(pick: CarOfTheWeekPick): Promise<void>;
}
