import {
  type AuditFacts, CAR_OF_THE_WEEK_WINDOW_MS, type CarOfTheWeekCandidate, type CarOfTheWeekChoice, type MarketplaceWeek, type StaffPickFacts,
  chooseCarOfTheWeek, marketplaceWeek,
} from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';

/** What the choice reads: two small queries. */
export interface CarOfTheWeekReads {
  /** The week's staff pick with where its listing stands now, if staff made one. */
  staffPick(weekOf: string): Promise<StaffPickFacts | null>;
  /** Live listings approved since `since` that share the highest view count (usually one). */
  mostViewedApprovedSince(since: Date): Promise<CarOfTheWeekCandidate[]>;
}

export interface CarOfTheWeekStanding {
  week: MarketplaceWeek;
  /** The listing that carries the badge, if any. */
  choice: CarOfTheWeekChoice | null;
  /** This week's staff pick, live or not. */
  staffPick: StaffPickFacts | null;
}

/**
 * The car of the week as this process knows it. Deciding takes two queries, so the answer is kept
 * for up to a minute (never past the end of its week) and every search or listing page after that
 * is a lookup in memory. A pick changed through this process is seen at once (`forget`); the
 * adapters have every other API process forget it when the change commits.
 */
export class CurrentCarOfTheWeek {
  private remembered: { until: number; standing: Promise<CarOfTheWeekStanding> } | null = null;

  constructor(private readonly reads: CarOfTheWeekReads, private readonly clock: Clock, private readonly maxAgeMs = 60_000) {}

  standing(): Promise<CarOfTheWeekStanding> {
    const now = this.clock.now();
    if (this.remembered && now.getTime() < this.remembered.until) return this.remembered.standing;
    const week = marketplaceWeek(now);
    const entry = { until: Math.min(now.getTime() + this.maxAgeMs, week.end.getTime()), standing: this.decide(now, week) };
    this.remembered = entry;
    // A failed read is not remembered: the next caller tries again.
    entry.standing.catch(() => {
      if (this.remembered === entry) this.remembered = null;
    });
    return entry.standing;
  }

  async listingId(): Promise<number | null> {
    return (await this.standing()).choice?.listingId ?? null;
  }

  /** Decide again on the next read (after staff changed a pick). */
  forget(): void {
    this.remembered = null;
  }

  private async decide(now: Date, week: MarketplaceWeek): Promise<CarOfTheWeekStanding> {
    const [staffPick, candidates] = await Promise.all([
      this.reads.staffPick(week.weekOf),
      this.reads.mostViewedApprovedSince(new Date(now.getTime() - CAR_OF_THE_WEEK_WINDOW_MS)),
    ]);
    return { week, staffPick, choice: chooseCarOfTheWeek(now, staffPick, candidates) };
  }
}

/** The audit entry for a pick taken back, by staff or by a newer pick for the same week. */
export const pickWithdrawn = (listing: { id: number; title: string }, weekOf: string): Omit<AuditFacts, 'actorId' | 'actorEmail'> => ({
  action: 'vehicle.car_of_the_week_withdrawn', resource: 'vehicles', recordId: String(listing.id), recordLabel: listing.title,
  before: { carOfTheWeekPick: weekOf }, after: { carOfTheWeekPick: null },
});
