import { useContactReveals } from '../../listings/api/get-contact-reveals';
import { Link, useLocation, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, isNotFound, Spinner } from '../../../components/states';
import { usePageTitle } from '../../../components/use-page-title';
import type { ListingInsights } from '../../../lib/api-types';
import { countOf, formatLagosDate, formatNumber } from '../../../lib/format';
import { useSession } from '../../auth/session';
import { useListingInsights } from '../api/get-listing-insights';
import { DailyChart } from '../components/daily-chart';
import { InsightsTable } from '../components/insights-table';
import { boostBands } from '../insights-rules';

const oneDecimal = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 1 });
/** A median may be a half ("3.5 views"): shown as it is, not rounded into a figure nobody measured. */
const medianOf = (value: number, one: string, plural: string) => `${oneDecimal.format(value)} ${value === 1 ? one : plural}`;

const TOTALS: [keyof ListingInsights['totals'], string, string][] = [
  ['views', 'Views', 'Unique visitors to its page, each counted once a day'],
  ['searchImpressions', 'Shown in search', 'At its own place in search results and the newest listings'],
  ['promotedImpressions', 'Shown in promoted spots', 'In promoted slots and the home page’s featured spots'],
  ['inquiries', 'Inquiries', 'Contact Seller messages'],
  ['chats', 'Chats started', 'Buyers who opened a chat about it'],
  ['saves', 'Saves', 'Added to a wishlist'],
  ['rentalRequests', 'Rental requests', 'Requests to rent it'],
];

/** Profile → Listings → Insights: what one listing drew over the last 30 days, and what its boosts did. */
export function Component() {
  usePageTitle('Listing insights');
  const session = useSession();
  const location = useLocation();
  const id = Number(useParams().id);
  if (session.status === 'loading') return <Spinner />;
  if (session.status === 'signedOut') {
    return (
      <div className="page state">
        <h1 className="state__title">Sign in to see your listing’s insights</h1>
        <Link to={`/auth?redirect=${encodeURIComponent(location.pathname)}`} className="btn btn--primary">Sign In</Link>
      </div>
    );
  }
  return <Insights id={Number.isSafeInteger(id) && id > 0 ? id : 0} />;
}

function Insights({ id }: { id: number }) {
  const insights = useListingInsights(id);
  const back = <Link to="/profile?tab=listings" className="btn btn--link">← My listings</Link>;
  if (id === 0 || isNotFound(insights.error)) {
    return (
      <div className="page page--narrow">
        {back}
        <EmptyState title="This listing was not found">
          <p className="muted">It may have been deleted. Your listings are in your profile.</p>
        </EmptyState>
      </div>
    );
  }
  if (insights.isError) {
    return <div className="page page--narrow">{back}<ErrorState title="We could not load the insights" error={insights.error} onRetry={() => void insights.refetch()} /></div>;
  }
  if (!insights.data) return <div className="page page--narrow">{back}<Spinner label="Loading insights..." /></div>;
  const data = insights.data;
  const days = data.days.map((d) => d.day);
  const bands = boostBands(data.boosts, data.from, days.length);
  const quiet = TOTALS.every(([key]) => data.totals[key] === 0);
  return (
    <div className="page insights stack-lg">
      {back}
      <header className="page-head">
        <h1>Insights</h1>
        <p className="lead user-text">{data.title}</p>
        <p className="muted small">
          The last 30 days, {formatLagosDate(`${data.from}T12:00:00Z`)} to today, Lagos time. Views and saves appear within a few seconds.
        </p>
      </header>

      <section aria-labelledby="insights-totals">
        <h2 id="insights-totals" className="h3">In 30 days</h2>
        <dl className="insights-totals">
          {TOTALS.map(([key, label, hint]) => (
            <div key={key} className="insights-total card">
              <dt>{label}</dt>
              <dd><strong>{formatNumber(data.totals[key])}</strong> <span className="muted small">{hint}</span></dd>
            </div>
          ))}
        </dl>
      </section>

      {data.similar && (
        <section className="card insights-compare" aria-labelledby="insights-compare">
          <h2 id="insights-compare" className="h4">Compared with similar listings</h2>
          <p>
            Other live {data.similar.brand} {data.similar.model} listings ({formatNumber(data.similar.sampleSize)}) had a median of{' '}
            <strong>{medianOf(data.similar.medianViews, 'view', 'views')}</strong> and <strong>{medianOf(data.similar.medianInquiries, 'inquiry', 'inquiries')}</strong> over
            the same days. Yours: <strong>{countOf(data.totals.views, 'view')}</strong> and <strong>{countOf(data.totals.inquiries, 'inquiry', 'inquiries')}</strong>.
          </p>
        </section>
      )}

      <section aria-labelledby="insights-boosts">
        <h2 id="insights-boosts" className="h3">Boosts</h2>
        {data.boosts.length === 0 ? (
          <p className="muted">No boost ran in these 30 days. A boost shows your listing in promoted spots; its days are shaded on the charts.</p>
        ) : (
          <ul className="insights-boosts">
            {data.boosts.map((b) => (
              <li key={b.startsAt}>
                <span className="insights-swatch insights-band" aria-hidden="true" /> <strong>{b.packageName}</strong>{' '}
                {formatLagosDate(b.startsAt)} to {formatLagosDate(b.endsAt)}
                {b.status === 'active' ? ' (running)' : b.status === 'refunded' ? ' (refunded: ended early)' : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="insights-days">
        <h2 id="insights-days" className="h3">Day by day</h2>
        {quiet ? (
          <EmptyState title="Nothing yet in these 30 days">
            <p className="muted">Views, impressions and messages will show here as buyers find your listing.</p>
          </EmptyState>
        ) : (
          <div className="insights-charts">
            <DailyChart title="Views" unit={['view', 'views']} days={days} bands={bands}
              series={[{ label: 'Views', values: data.days.map((d) => d.views), className: 'insights-bar--views' }]} />
            <DailyChart title="Shown in search and promoted spots" unit={['time shown', 'times shown']} days={days} bands={bands}
              series={[
                { label: 'In search', values: data.days.map((d) => d.searchImpressions), className: 'insights-bar--search' },
                { label: 'In promoted spots', values: data.days.map((d) => d.promotedImpressions), className: 'insights-bar--promoted' },
              ]} />
            <DailyChart title="Inquiries" unit={['inquiry', 'inquiries']} days={days} bands={bands}
              series={[{ label: 'Inquiries', values: data.days.map((d) => d.inquiries), className: 'insights-bar--inquiries' }]} />
            <DailyChart title="Chats started" unit={['chat', 'chats']} days={days} bands={bands}
              series={[{ label: 'Chats started', values: data.days.map((d) => d.chats), className: 'insights-bar--chats' }]} />
          </div>
        )}
        <InsightsTable days={data.days} bands={bands} />
      </section>

      <ContactRevealsSection vehicleId={data.listingId} />
    </div>
  );
}

/** Who tapped "Show phone" on this listing: a seller knows who has their number. */
function ContactRevealsSection({ vehicleId }: { vehicleId: number }) {
  const reveals = useContactReveals(vehicleId);
  return (
    <section aria-labelledby="insights-reveals" className="card">
      <h2 id="insights-reveals" className="h4">Who was shown your phone number</h2>
      {reveals.isError ? (
        <p className="muted">We could not load this just now.</p>
      ) : !reveals.data ? (
        <p className="muted">Loading…</p>
      ) : reveals.data.total === 0 ? (
        <p className="muted">Nobody yet. Signed-in buyers see your phone and email only when they tap “Show phone”.</p>
      ) : (
        <>
          <p className="muted small">{countOf(reveals.data.total, 'person', 'people')} asked for your phone and email{reveals.data.total > reveals.data.items.length ? `; the latest ${reveals.data.items.length}` : ''}:</p>
          <ul className="insights-reveals">
            {reveals.data.items.map((r, i) => (
              <li key={`${r.at}-${i}`}><span className="user-text">{r.name}</span> <span className="muted small">{formatLagosDate(r.at)}</span></li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
