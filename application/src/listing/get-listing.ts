import { type Actor, type ListingRepository, type UserRepository, listingNotFound } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { MarketPriceStore } from '../market/market-price-ports.js';
import { type MarketPriceView, toMarketPriceView } from '../market/get-market-price.js';
import type { ReviewStore } from '../review/review-ports.js';
import { toRatingView } from '../review/review-views.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import type { ListingActivity } from '../analytics/analytics-ports.js';
import { type ListingView, toListingView } from './listing-views.js';

export interface GetListingInput {
  id: number;
  /** Identifies a visitor or guest for view counting (a hash of the network address, not a person). */
  visitorKey: string;
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
  ) {}

  async execute(input: GetListingInput, actor: Actor | null): Promise<ListingView & { marketPrice?: MarketPriceView }> {
    const listing = await this.listings.findById(input.id);
    if (!listing || !listing.isVisibleTo(actor)) throw listingNotFound(input.id);
    if (listing.isPublic() && !listing.isOwnedBy(actor)) {
      // A guest account is free to mint, so guests count by network address like visitors.
      const viewer = actor && !actor.isGuest ? `user:${actor.userId}` : `visitor:${input.visitorKey}`;
      this.activity.viewed(listing.id, viewer);
    }
    const [seller, carOfTheWeekId, market, rating] = await Promise.all([
      this.users.findById(listing.sellerId), this.carOfTheWeek.listingId(), this.marketPrices.find(listing), this.ratings.ratingOf(listing.sellerId),
    ]);
    const view = toListingView(listing, seller, actor, carOfTheWeekId, this.clock.now());
    const sellerRating = toRatingView(rating);
    if (sellerRating) view.seller.rating = sellerRating;
    return market ? { ...view, marketPrice: toMarketPriceView(market, listing.price) } : view;
  }
}
