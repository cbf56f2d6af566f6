import type { ListingInsightsDay } from '../../../lib/api-types';
import { formatNumber } from '../../../lib/format';
import type { BoostBand } from '../insights-rules';
import { shortDay } from './short-day';

/** Every figure of every day, the charts' text alternative: opened with the keyboard like any disclosure. */
export function InsightsTable({ days, bands }: { days: readonly ListingInsightsDay[]; bands: readonly BoostBand[] }) {
  const boostOn = (i: number) => bands.filter((b) => i >= b.first && i <= b.last).map((b) => b.boost.packageName).join(', ');
  return (
    <details className="insights-table">
      <summary>Figures for each day (table)</summary>
      <div className="insights-table__scroll" role="region" aria-label="Figures for each day" tabIndex={0}>
        <table>
          <caption className="visually-hidden">What the listing drew on each of the last {days.length} days, Lagos time</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Shown in search</th>
              <th scope="col">Shown in promoted spots</th>
              <th scope="col">Inquiries</th>
              <th scope="col">Chats started</th>
              <th scope="col">Saves</th>
              <th scope="col">Rental requests</th>
              <th scope="col">Boost</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.day}>
                <th scope="row">{shortDay(d.day)}</th>
                <td>{formatNumber(d.views)}</td>
                <td>{formatNumber(d.searchImpressions)}</td>
                <td>{formatNumber(d.promotedImpressions)}</td>
                <td>{formatNumber(d.inquiries)}</td>
                <td>{formatNumber(d.chats)}</td>
                <td>{formatNumber(d.saves)}</td>
                <td>{formatNumber(d.rentalRequests)}</td>
                <td>{boostOn(i) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
