import { describe, expect, it } from 'vitest';
import { checkReview, DomainError, mayReview, type ReviewSubject, reviewReadable } from '../src/index.js';

const now = new Date('2026-11-27T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const ada = { id: 'ada', name: 'Ada' };
const tunde = { id: 'tunde', name: 'Tunde' };

const rental = (overrides: Partial<Extract<ReviewSubject, { kind: 'rental' }>> = {}): ReviewSubject => ({
  kind: 'rental', bookingId: 7, status: 'completed', completedAt: days(-2), renter: tunde, owner: ada, ...overrides,
});
const listing = (overrides: Partial<Extract<ReviewSubject, { kind: 'listing' }>> = {}): ReviewSubject => ({
  kind: 'listing', listingId: 9, listingStatus: 'active', seller: ada, sellerRepliedAt: days(-8), ...overrides,
});

/** The refusal's code, kind and message; throws when the review is allowed. */
function refusal(reviewer: string, subject: ReviewSubject, at = now): { code: string; kind: string; message: string } {
  try {
    mayReview(reviewer, subject, at);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('allowed');
}

describe('who may review a rental', () => {
  it('lets the renter review the owner and the owner the renter, once it is completed, for 14 days', () => {
    expect(mayReview('tunde', rental(), now)).toEqual({ revieweeId: 'ada', as: 'renter' });
    expect(mayReview('ada', rental(), now)).toEqual({ revieweeId: 'tunde', as: 'owner' });
    expect(mayReview('ada', rental({ completedAt: days(-14) }), now)).toEqual({ revieweeId: 'tunde', as: 'owner' });
    expect(refusal('ada', rental({ completedAt: days(-15) }))).toEqual({
      code: 'REVIEW_NOT_ALLOWED', kind: 'forbidden', message: 'The time to review this rental ended on 26 November 2026.',
    });
  });

  it('says when a rental not yet over can be reviewed, and refuses a cancelled one and strangers', () => {
    for (const status of ['pending', 'confirmed', 'active'] as const) {
      expect(refusal('tunde', rental({ status, completedAt: null })).message).toBe('You can review Ada after your rental ends.');
    }
    expect(refusal('ada', rental({ status: 'active', completedAt: null })).message).toBe('You can review Tunde after your rental ends.');
    expect(refusal('tunde', rental({ status: 'cancelled', completedAt: null })).message).toBe('This rental was cancelled, so there is nothing to review.');
    expect(refusal('emeka', rental()).message).toBe('Only the renter and the owner of this rental can review it.');
  });
});

describe('who may review a seller', () => {
  it('lets a buyer the seller answered review them a week after the reply, or at once when the listing is sold', () => {
    expect(mayReview('tunde', listing(), now)).toEqual({ revieweeId: 'ada', as: 'buyer' });
    expect(refusal('tunde', listing({ sellerRepliedAt: days(-3) })).message).toBe('You can review Ada from 1 December 2026, a week after their reply, or once the listing is sold.');
    expect(mayReview('tunde', listing({ sellerRepliedAt: days(-3), listingStatus: 'sold' }), now)).toEqual({ revieweeId: 'ada', as: 'buyer' });
  });

  it('refuses a buyer the seller never answered, and the seller themselves', () => {
    expect(refusal('tunde', listing({ sellerRepliedAt: null, listingStatus: 'sold' })).message).toBe('You can review Ada once they have replied to you about this listing.');
    expect(refusal('ada', listing()).message).toBe('You cannot review yourself.');
  });
});

describe('double-blind rental reviews', () => {
  const review = { kind: 'rental' as const, authorId: 'tunde' };
  it('hides a rental review from the other side until both wrote or the window closed; the author always reads it', () => {
    expect(reviewReadable(review, { completedAt: days(-2), bothWrote: false }, 'ada', now)).toBe(false);
    expect(reviewReadable(review, { completedAt: days(-2), bothWrote: false }, null, now)).toBe(false);
    expect(reviewReadable(review, { completedAt: days(-2), bothWrote: false }, 'tunde', now)).toBe(true);
    expect(reviewReadable(review, { completedAt: days(-2), bothWrote: true }, 'ada', now)).toBe(true);
    expect(reviewReadable(review, { completedAt: days(-15), bothWrote: false }, null, now)).toBe(true);
  });

  it('shows a buyer\'s review of a seller at once', () => {
    expect(reviewReadable({ kind: 'listing', authorId: 'tunde' }, null, null, now)).toBe(true);
  });
});

describe('what a review holds', () => {
  it('cleans the text as all text is, and names every field that is wrong', () => {
    expect(checkReview({ rating: 5, title: '  Smooth   handover ', comment: '  Car was clean.\n\n\n\nWould rent again. ' })).toEqual({
      rating: 5, title: 'Smooth handover', comment: 'Car was clean.\n\nWould rent again.',
    });
    let error: unknown;
    try {
      checkReview({ rating: 4.5, title: '\u202E ', comment: 'x'.repeat(2001) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).details).toEqual([
      { field: 'rating', message: 'Choose a rating from 1 to 5 stars' },
      { field: 'title', message: 'Give your review a title' },
      { field: 'comment', message: 'Keep the review to 2000 characters or fewer' },
    ]);
    expect(() => checkReview({ rating: '5', title: 'ok', comment: 'ok' })).toThrow(DomainError);
    expect(() => checkReview({ rating: 0, title: 'ok', comment: 'ok' })).toThrow(DomainError);
  });
});
