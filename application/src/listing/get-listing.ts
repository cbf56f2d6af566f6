import { type Actor, type ListingRepository, type UserRepository, listingNotFound } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { MarketPriceStore } from '../market/market-price-ports.js';
import { type MarketPriceView, toMarketPriceView } from '../market/get-market-price.js';
import type { ReviewStore } from '../review/review-ports.js';
import { toRatingView } from '../review/review-views.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import type { ListingViewCounter } from './listing-search.js';
import { type ListingView, toListingView } from './listing-views.js';

export interface GetListingInput {
  id: number;
  /** Identifies a visitor or guest for view counting (a hash of the network address, not a person). */
  visitorKey: string;
}

/** Shows one listing, with its seller's rating and the typical price of its model and year when known, and counts the view: not the seller's own, once per viewer per day. */
export class GetListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly views: ListingViewCounter,
    private readonly clock: Clock,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly marketPrices: MarketPriceStore,
    private readonly ratings: Pick<ReviewStore, 'ratingOf'>,
  ) {}

  async execute(input: GetListingInput, actor: Actor | null): Promise<ListingView & { marketPrice?: MarketPriceView }> {
    const listing = await this.listings.findById(input.id);
    if (!listing || !listing.isVisibleTo(actor)) throw listingNotFound(input.id);
    if (listing.isPublic() && !listing.isOwnedBy(actor)) {
      // A guest account is free to mint, so guests count by network address like visitors.
      const viewer = actor && !actor.isGuest ? `user:${actor.userId}` : `visitor:${input.visitorKey}`;
      const day = this.clock.now().toISOString().slice(0, 10);
      if (await this.views.countView(listing.id, viewer, day)) listing.views += 1;
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
