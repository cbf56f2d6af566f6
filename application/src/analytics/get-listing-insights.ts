import {
  type Actor, addDays, compareWithSimilar, daysBetween, DomainError, INSIGHTS_DAYS, isStaff, lastDays, listingNotFound, type ListingRepository,
  packageStatusAt, type SimilarListingsComparison,
} from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import { LISTING_DAY_FIGURES, type ListingDay, type ListingDayFigure, type ListingInsightsReads } from './analytics-ports.js';

export interface BoostPeriodView {
  packageType: string;
  packageName: string;
  tier: number;
  status: 'active' | 'expired' | 'refunded';
  startsAt: string;
  endsAt: string;
}

export interface ListingInsightsView {
  listingId: number;
  title: string;
  from: string;
  to: string;
  /** Every day of the range, oldest first, zeros included. */
  days: ListingDay[];
  totals: Record<ListingDayFigure, number>;
  boosts: BoostPeriodView[];
  /** Null when fewer than 5 other live listings of the brand and model compare. */
  similar: (SimilarListingsComparison & { brand: string; model: string }) | null;
}

/** A listing's last 30 Lagos days for its seller (and staff): what it drew, its boosts, and how similar listings did. */
export class GetListingInsights {
  constructor(private readonly listings: ListingRepository, private readonly reads: ListingInsightsReads, private readonly clock: Clock) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<ListingInsightsView> {
    const me = requireSignedIn(actor);
    const listing = await this.listings.findById(input.id);
    // As on its page: a listing the caller may not see is not there at all.
    if (!listing || !listing.isVisibleTo(me)) throw listingNotFound(input.id);
    if (!listing.isOwnedBy(me) && !isStaff(me)) {
      throw new DomainError('forbidden', 'NOT_LISTING_OWNER', 'Only the seller of this listing can read its insights.');
    }
    const now = this.clock.now();
    const range = lastDays(now, INSIGHTS_DAYS);
    const [counted, boosts, similar] = await Promise.all([
      this.reads.days(listing.id, range),
      this.reads.boosts(listing.id, range),
      this.reads.similarDraws({ id: listing.id, brand: listing.brand, model: listing.model }, range),
    ]);
    const byDay = new Map(counted.map((d) => [d.day, d]));
    const days = Array.from({ length: daysBetween(range.first, range.last) + 1 }, (_, i) => {
      const day = addDays(range.first, i);
      return byDay.get(day) ?? { day, ...zeros() };
    });
    const totals = zeros();
    for (const d of days) for (const f of LISTING_DAY_FIGURES) totals[f] += d[f];
    const comparison = compareWithSimilar(similar);
    return {
      listingId: listing.id, title: listing.title, from: range.first, to: range.last, days, totals,
      boosts: boosts.map((b) => ({
        packageType: b.packageType, packageName: b.packageName, tier: b.tier,
        status: packageStatusAt(b.status, b.endsAt, now) as BoostPeriodView['status'],
        startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString(),
      })),
      similar: comparison && { brand: listing.brand, model: listing.model, ...comparison },
    };
  }
}

const zeros = (): Record<ListingDayFigure, number> => Object.fromEntries(LISTING_DAY_FIGURES.map((f) => [f, 0])) as Record<ListingDayFigure, number>;
