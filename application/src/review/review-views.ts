import { type NameAudience, sellerDisplayName } from '@voltmarket/domain';
import type { PersonName, Rating, RevieweeRole, StoredReview } from './review-ports.js';

/** A review as people read it. */
export interface ReviewView {
  id: number;
  kind: 'rental' | 'listing';
  rating: number;
  title: string;
  comment: string;
  reviewer: { id: string; name: string };
  reviewee: { id: string; name: string };
  /** What the reviewed person was in the dealing. */
  revieweeRole: RevieweeRole;
  vehicle: { id: number | null; title: string };
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
  /** False only for a rental review its author wrote before the other side did (double-blind). */
  published: boolean;
}

export interface RatingView {
  average: number;
  count: number;
}

/** A reviewer as the public reads them: first name and initial ("Tunde A."), or "A Voltmarket member". */
export function reviewerName(person: PersonName, audience: NameAudience): string {
  if (person.firstName && person.lastName) return `${person.firstName} ${[...person.lastName][0]}.`;
  if (person.firstName) return person.firstName;
  return audience === 'member' && person.email ? person.email.split('@')[0]! : 'A Voltmarket member';
}

export function toReviewView(review: StoredReview, audience: NameAudience): ReviewView {
  return {
    id: review.id,
    kind: review.kind,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    reviewer: { id: review.reviewerId, name: reviewerName(review.reviewer, audience) },
    reviewee: { id: review.revieweeId, name: sellerDisplayName(review.reviewee, audience) },
    revieweeRole: review.revieweeRole,
    vehicle: { id: review.vehicleId, title: review.vehicleTitle },
    reply: review.reply,
    repliedAt: review.repliedAt?.toISOString() ?? null,
    createdAt: review.createdAt.toISOString(),
    published: review.publishedAt !== null,
  };
}

/** An average to one decimal, as cards show it ("4.7"), with its count. */
export const toRatingView = (rating: Rating | null): RatingView | null =>
  rating && rating.count > 0 ? { average: Math.round(rating.average * 10) / 10, count: rating.count } : null;
