import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextAreaField } from '../../../components/field';
import { ErrorState, Spinner } from '../../../components/states';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { Review } from '../../../lib/api-types';
import { formatDate } from '../../../lib/format';
import { REVIEWS_PAGE, useUserReviews } from '../api/get-user-reviews';
import { useReplyToReview } from '../api/reply-to-review';
import { RatingBadge, starsText } from './rating';

/** What people said of someone as a seller or owner, newest first, with their replies; the person reviewed may reply once to each. */
export function ReviewList({ userId, viewerId }: { userId: string; viewerId: string | null }) {
  const [limit, setLimit] = useState(REVIEWS_PAGE);
  const reviews = useUserReviews(userId, viewerId ?? 'visitor', 'seller', limit);
  if (reviews.isError) return <ErrorState title="We could not load the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />;
  if (!reviews.data) return <Spinner label="Loading reviews..." />;
  const { items, total, rating } = reviews.data;
  return (
    <div className="stack">
      <p className="review-summary">
        <RatingBadge rating={rating} />
        {total === 0 && <span className="muted"> No reviews yet. Reviews come only from completed rentals and from buyers this seller answered.</span>}
      </p>
      {items.length > 0 && (
        <ul className="review-list">
          {items.map((review) => (
            <ReviewItem key={review.id} review={review} mine={review.reviewee.id === viewerId} />
          ))}
        </ul>
      )}
      {items.length < total && (
        <button type="button" className="btn btn--outline" disabled={reviews.isFetching} onClick={() => setLimit((n) => n + REVIEWS_PAGE)}>
          {reviews.isFetching ? 'Loading...' : `Show more reviews (${total - items.length} more)`}
        </button>
      )}
    </div>
  );
}

const AS: Record<Review['revieweeRole'], string> = { seller: 'Bought from', owner: 'Rented', renter: 'Rented out' };

function ReviewItem({ review, mine }: { review: Review; mine: boolean }) {
  return (
    <li className="card review">
      <p className="review__head">
        <span className="review__stars" role="img" aria-label={`${review.rating} out of 5 stars`}>
          <span aria-hidden="true">{starsText(review.rating)}</span>
        </span>
        <strong className="review__title">{review.title}</strong>
      </p>
      <p className="pre-line review__comment">{review.comment}</p>
      <p className="small muted">
        {review.reviewer.name} · {formatDate(review.createdAt)} · {AS[review.revieweeRole]}{' '}
        {review.vehicle.id ? <Link to={`/vehicles/${review.vehicle.id}`}>{review.vehicle.title}</Link> : review.vehicle.title}
      </p>
      {review.reply ? (
        <div className="review__reply">
          <p className="small"><strong>Reply from {review.reviewee.name}</strong></p>
          <p className="pre-line small">{review.reply}</p>
        </div>
      ) : (
        mine && <ReplyForm review={review} />
      )}
    </li>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const reply = useReplyToReview();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!open) {
    return (
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(true)} aria-label={`Reply to “${review.title}”`}>
        Reply
      </button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Write your reply');
    reply.mutate({ id: review.id, reply: text }, {
      onSuccess: () => toast({ title: 'Reply posted', description: 'It shows under the review. A reply can be written once.' }),
      onError: (err) => setError(err instanceof ApiError ? (err.fieldErrors().reply ?? err.message) : 'Something went wrong. Please try again.'),
    });
  };
  return (
    <form className="stack review__reply-form" onSubmit={submit} noValidate>
      <TextAreaField label="Your reply (once; everyone can read it)" rows={3} maxLength={2000} value={text} error={error} onChange={(e) => setText(e.target.value)} />
      <span className="saved-search__confirm-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={reply.isPending}>{reply.isPending ? 'Posting...' : 'Post reply'}</button>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setOpen(false)}>Cancel</button>
      </span>
    </form>
  );
}
