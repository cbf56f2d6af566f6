import { useState, type FormEvent } from 'react';
import { TextAreaField, TextField } from '../../../components/field';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { SubmitButton } from '../../../components/submit-button';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { ReviewTarget } from '../api/get-review-eligibility';
import { useWriteReview } from '../api/write-review';

const TITLE_MAX = 100;
const COMMENT_MAX = 2000;
const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

type Field = 'rating' | 'title' | 'comment';

/** Stars (a radio group: arrow keys move, as in any radio group), a title and how it went. */
export function ReviewDialog({ target, revieweeName, onClose }: { target: ReviewTarget; revieweeName: string; onClose: () => void }) {
  const write = useWriteReview();
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const rental = 'rentalId' in target;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (write.isPending) return;
    const found: Partial<Record<Field, string>> = {};
    if (rating < 1) found.rating = 'Choose a rating from 1 to 5 stars';
    if (!title.trim()) found.title = 'Give your review a title';
    else if ([...title.trim()].length > TITLE_MAX) found.title = `Keep the title to ${TITLE_MAX} characters or fewer`;
    if (!comment.trim()) found.comment = 'Tell others how it went';
    else if ([...comment.trim()].length > COMMENT_MAX) found.comment = `Keep the review to ${COMMENT_MAX} characters or fewer`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setProblem(null);
    try {
      const review = await write.mutateAsync({ ...target, rating, title, comment });
      toast(review.published
        ? { title: 'Review posted', description: `Thank you. ${revieweeName} can reply once.` }
        : { title: 'Review saved', description: `It appears when ${revieweeName} has written theirs, or when the 14 days are up.` });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) setErrors(error.fieldErrors() as Partial<Record<Field, string>>);
      else setProblem(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <Modal label={`Review ${revieweeName}`} onClose={onClose}>
      <form className="stack review-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="dialog-head">
          <h2 className="h4">Review {revieweeName}</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <fieldset className="stars-input" aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
          <legend>Your rating</legend>
          <div className="stars-input__choices">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={`stars-input__star${n <= rating ? ' is-on' : ''}`}>
                <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} className="visually-hidden" />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{`${n} ${n === 1 ? 'star' : 'stars'}: ${STAR_WORDS[n]}`}</span>
              </label>
            ))}
            <span className="stars-input__word muted small" aria-hidden="true">{STAR_WORDS[rating] ?? ''}</span>
          </div>
          {errors.rating && <p id="review-rating-error" className="field__error">{errors.rating}</p>}
        </fieldset>
        <TextField label="Title" value={title} maxLength={TITLE_MAX} placeholder="e.g. Honest and quick to answer" error={errors.title} onChange={(e) => setTitle(e.target.value)} />
        <TextAreaField
          label="How did it go?"
          rows={5}
          value={comment}
          maxLength={COMMENT_MAX}
          hint={`${[...comment].length} of ${COMMENT_MAX} characters`}
          error={errors.comment}
          onChange={(e) => setComment(e.target.value)}
        />
        {rental && <p className="small muted">Neither of you sees the other’s review until you have both written one, or 14 days after the rental ended.</p>}
        {problem && <p className="notice notice--danger" role="alert">{problem}</p>}
        <div className="form-actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton className="btn btn--primary" disabled={write.isPending}>
            {write.isPending ? 'Posting...' : 'Post review'}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
