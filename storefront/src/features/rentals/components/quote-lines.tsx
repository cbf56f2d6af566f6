import type { RentalQuote, RentalQuoteLine } from '../../../lib/api-types';
import { formatNaira } from '../../../lib/format';
import { dayCount } from '../rental-dates';

const UNITS: Record<RentalQuoteLine['unit'], [one: string, many: string]> = {
  month: ['month', 'months'],
  week: ['week', 'weeks'],
  day: ['day', 'days'],
};

/** "1 week × ₦150,000": how the server made up the total. */
export const quoteLineText = (line: RentalQuoteLine): string => `${line.count} ${UNITS[line.unit][line.count === 1 ? 0 : 1]} × ${formatNaira(line.rate)}`;

/** The server's breakdown of a stay's price: its lines, the total, and what the longer rates save. */
export function QuoteLines({ quote }: { quote: RentalQuote }) {
  return (
    <dl className="quote">
      {quote.lines.map((line) => (
        <div key={line.unit} className="quote__line">
          <dt>{quoteLineText(line)}</dt>
          <dd>{formatNaira(line.amount)}</dd>
        </div>
      ))}
      <div className="quote__line quote__total">
        <dt>Total for {dayCount(quote.days)}</dt>
        <dd>{formatNaira(quote.total)}</dd>
      </div>
      {quote.saving > 0 && (
        <div className="quote__line quote__saving">
          <dt>You save (against {formatNaira(quote.fullDailyPrice)} at the daily rate)</dt>
          <dd>{formatNaira(quote.saving)}</dd>
        </div>
      )}
    </dl>
  );
}
