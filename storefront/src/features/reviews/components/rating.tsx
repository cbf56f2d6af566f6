import type { Rating } from '../../../lib/api-types';
import { countOf } from '../../../lib/format';

/** Stars as text: ★★★★☆ for 4 (decorative; the label says it in words). */
export const starsText = (rating: number) => '★'.repeat(Math.round(rating)) + '☆'.repeat(5 - Math.round(rating));

/** A seller's average and count from real reviews ("★ 4.7 (12 reviews)"), or "New" when nobody has reviewed them yet. */
export function RatingBadge({ rating, className = '' }: { rating: Rating | null | undefined; className?: string }) {
  if (!rating) {
    return (
      <span className={`rating rating--new ${className}`} title="No reviews yet">
        New
      </span>
    );
  }
  const said = `Rated ${rating.average} out of 5 from ${countOf(rating.count, 'review')}`;
  return (
    <span className={`rating ${className}`} role="img" aria-label={said} title={said}>
      <span aria-hidden="true">
        ★ {rating.average.toFixed(1)} <span className="rating__count">({countOf(rating.count, 'review')})</span>
      </span>
    </span>
  );
}
