import type { ReviewSubject } from '@voltmarket/domain';

export type ReviewKind = 'rental' | 'listing';
export type RevieweeRole = 'seller' | 'owner' | 'renter';

/** What a review is about, as a client names it: a rental booking, or a listing the buyer talked about. */
export type ReviewTarget = { kind: 'rental'; bookingId: number } | { kind: 'listing'; vehicleId: number };

export interface NewReview {
  kind: ReviewKind;
  bookingId: number | null;
  vehicleId: number | null;
  vehicleTitle: string;
  reviewerId: string;
  revieweeId: string;
  revieweeRole: RevieweeRole;
  rating: number;
  title: string;
  comment: string;
  /** Set for a buyer's review (public at once); null for a rental's until both have written or the window ends. */
  publishedAt: Date | null;
  createdAt: Date;
}

/** A person's name as stored: the views decide what each audience reads. */
export interface PersonName {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface StoredReview extends NewReview {
  id: number;
  reviewer: PersonName;
  reviewee: PersonName;
  reply: string | null;
  repliedAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

/** A person's average as a seller or owner, from published reviews that are not hidden. */
export interface Rating {
  average: number;
  count: number;
}

/** The subject of a review with the names it speaks of, or null when there is no such booking or listing. */
export type FoundSubject = ReviewSubject & { vehicleTitle: string; vehicleId: number | null };

export interface ReviewPage {
  items: StoredReview[];
  total: number;
}

export interface AdminReviewQuery {
  ids?: number[];
  hidden?: boolean | undefined;
  revieweeId?: string | undefined;
  q?: string | undefined;
  offset: number;
  limit: number;
}

/** Reviews and the dealings they come from. */
export interface ReviewStore {
  rentalSubject(bookingId: number): Promise<FoundSubject | null>;
  /** The listing, and when its seller first answered `buyerId` about it. */
  listingSubject(vehicleId: number, buyerId: string): Promise<FoundSubject | null>;
  /** The review `reviewerId` wrote of this booking or listing, if any. */
  findByReviewer(reviewerId: string, target: ReviewTarget): Promise<StoredReview | null>;
  /** Adds a review; false when the reviewer has one for this booking or listing already. */
  add(review: NewReview): Promise<number | null>;
  /** Publishes both sides' reviews of a booking once both exist; the number published. */
  publishBooking(bookingId: number, now: Date): Promise<number>;
  /** Publishes rental reviews whose window (completion + 14 days) ended before `now`; the number published. */
  publishDue(now: Date): Promise<number>;
  find(id: number): Promise<StoredReview | null>;
  findForUpdate(id: number): Promise<StoredReview | null>;
  saveReply(id: number, reply: string, at: Date): Promise<void>;
  setHidden(id: number, hidden: { reason: string; by: string; at: Date } | null): Promise<void>;
  /** Published, not hidden, about `userId` as a seller or owner (`as: 'seller'`) or as a renter, newest first. */
  publishedAbout(userId: string, as: 'seller' | 'renter', offset: number, limit: number): Promise<ReviewPage>;
  ratingOf(userId: string): Promise<Rating | null>;
  /** Recomputes a person's kept rating from their reviews (after a publication, a hide or a show). */
  refreshRating(userId: string): Promise<void>;
  adminList(query: AdminReviewQuery): Promise<ReviewPage>;
}
