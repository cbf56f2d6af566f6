import { useState } from 'react';
import { useReviewEligibility, type ReviewTarget } from '../api/get-review-eligibility';
import { ReviewDialog } from './review-dialog';
import { starsText } from './rating';

/**
 * Where a dealing ended (a completed rental, a chat with a seller): "Review Ada" when the server will
 * take it; the reason when not yet ("You can review Ada after your rental ends"); the review once written.
 */
export function ReviewButton({ target, className = 'btn btn--outline btn--sm' }: { target: ReviewTarget; className?: string }) {
  const eligibility = useReviewEligibility(target);
  const [open, setOpen] = useState(false);
  const answer = eligibility.data;
  if (!answer?.reviewee) return null;
  const name = answer.reviewee.name;
  if (answer.review) {
    return (
      <p className="small muted review-status">
        <span aria-hidden="true">{starsText(answer.review.rating)}</span>{' '}
        {answer.review.published ? `You reviewed ${name}.` : `You reviewed ${name}. It appears when they have written theirs, or when the 14 days are up.`}
      </p>
    );
  }
  if (!answer.allowed) return answer.reason ? <p className="small muted review-status">{answer.reason}</p> : null;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Review {name}
      </button>
      {open && <ReviewDialog target={target} revieweeName={name} onClose={() => setOpen(false)} />}
    </>
  );
}
