import { type Actor, isStaff, type ListingRepository, type UserRepository, listingNotFound } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { MarketPriceStore } from '../market/market-price-ports.js';
import { type MarketPriceView, toMarketPriceView } from '../market/get-market-price.js';
import type { ReviewStore } from '../review/review-ports.js';
import { toRatingView } from '../review/review-views.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import type { ListingActivity } from '../analytics/analytics-ports.js';
import { type ListingView, toListingView } from './listing-views.js';
import { type ChangeReviewView, type ListingRevisionStore, toChangeReviewView } from './listing-changes.js';

export interface GetListingInput {
  id: number;
  /** Identifies a visitor or guest for view counting (a hash of the network address, not a person). */
  visitorKey: string;
  /** False for a page the server draws for a member, whose browser asks again with their token at once: that one counts. */
  countView?: boolean;
}

/**
 * Shows one listing, with its seller's rating and the typical price of its model and year when known,
 * and counts the view: not the seller's own, once per viewer per Lagos day. The count is written in a
 * batch a few seconds later: the page shows the views counted until then.
 */
export class GetListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly activity: ListingActivity,
    private readonly clock: Clock,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly marketPrices: Pick<MarketPriceStore, 'find'>,
    private readonly ratings: Pick<ReviewStore, 'ratingOf'>,
    private readonly changes: Pick<ListingRevisionStore, 'latestFor'>,
  ) {}

  async execute(input: GetListingInput, actor: Actor | null): Promise<ListingView & { marketPrice?: MarketPriceView; changeReview?: ChangeReviewView | null }> {
    const listing = await this.listings.findById(input.id);
    if (!listing || !listing.isVisibleTo(actor)) throw listingNotFound(input.id);
    if (listing.isPublic() && !listing.isOwnedBy(actor) && input.countView !== false) {
      // A guest account is free to mint, so guests count by network address like visitors.
      const viewer = actor && !actor.isGuest ? `user:${actor.userId}` : `visitor:${input.visitorKey}`;
      this.activity.viewed(listing.id, viewer);
    }
    // Changes waiting for review are the seller's (and staff's) to see: buyers see the approved version.
    const privileged = listing.isOwnedBy(actor) || isStaff(actor);
    const [seller, carOfTheWeekId, market, rating, changes] = await Promise.all([
      this.users.findById(listing.sellerId), this.carOfTheWeek.listingId(), this.marketPrices.find(listing), this.ratings.ratingOf(listing.sellerId),
      privileged ? this.changes.latestFor([listing.id]) : null,
    ]);
    const now = this.clock.now();
    const view: ListingView & { marketPrice?: MarketPriceView; changeReview?: ChangeReviewView | null } = toListingView(listing, seller, actor, carOfTheWeekId, now);
    const sellerRating = toRatingView(rating);
    if (sellerRating) view.seller.rating = sellerRating;
    if (market) view.marketPrice = toMarketPriceView(market, listing.price);
    if (changes) view.changeReview = toChangeReviewView(changes.get(listing.id), now);
    return view;
  }
}
