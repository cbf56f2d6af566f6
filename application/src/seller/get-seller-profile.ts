import { type Actor, DomainError, RESPONSIVENESS_DAYS, type Responsiveness, responsiveness, sellerDisplayName } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { toRatingView, type RatingView } from '../review/review-views.js';
import type { SellerReads } from './seller-ports.js';

export interface SellerProfileView {
  id: string;
  /** As the caller may read it: "Private Seller" to visitors when only an email names them. */
  name: string;
  memberSince: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  /** Staff verified their business registration; absent otherwise. */
  verifiedDealer?: { businessName: string };
  cities: string[];
  liveListings: number;
  listingsSold: number;
  rating: RatingView | null;
  /** From chats buyers started in the last 90 days; null from fewer than 3. */
  responsiveness: Responsiveness | null;
}

const DAY_MS = 86_400_000;
export const sellerNotFound = (id: string) => new DomainError('not_found', 'SELLER_NOT_FOUND', `Seller ${id} was not found.`);

/**
 * A seller's public page: who they are as visitors may know it, their record (listings live and
 * sold, rating), and how they answer buyers. Only people who have listed something have one.
 */
export class GetSellerProfile {
  constructor(private readonly reads: SellerReads, private readonly clock: Clock) {}

  async execute(input: { id: string }, actor: Actor | null): Promise<SellerProfileView> {
    const facts = await this.reads.facts(input.id, new Date(this.clock.now().getTime() - RESPONSIVENESS_DAYS * DAY_MS));
    if (!facts || facts.liveListings + facts.soldListings === 0) throw sellerNotFound(input.id);
    return {
      id: facts.id,
      name: sellerDisplayName(facts, actor ? 'member' : 'visitor'),
      memberSince: facts.memberSince.toISOString(),
      emailVerified: facts.emailVerified,
      phoneVerified: facts.phoneVerified,
      ...(facts.verifiedDealerName ? { verifiedDealer: { businessName: facts.verifiedDealerName } } : {}),
      cities: facts.cities,
      liveListings: facts.liveListings,
      listingsSold: facts.soldListings,
      rating: toRatingView(facts.rating),
      responsiveness: responsiveness(facts.chats),
    };
  }
}
