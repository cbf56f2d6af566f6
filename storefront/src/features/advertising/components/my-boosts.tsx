import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import type { MyAdvertisingPackage, PackageStatus } from '../../../lib/api-types';
import { formatLagosDate, formatNaira } from '../../../lib/format';
import { useMyPackages } from '../api/get-my-packages';
import { daysLeftText } from '../boost';

const STATUS: Record<PackageStatus, { label: string; tone: 'active' | 'pending' | 'rejected' | 'ended' }> = {
  pending: { label: 'Awaiting payment', tone: 'pending' },
  active: { label: 'Active', tone: 'active' },
  expired: { label: 'Expired', tone: 'ended' },
  cancelled: { label: 'Cancelled', tone: 'rejected' },
  refunded: { label: 'Refunded', tone: 'ended' },
};

/** Profile → Listings: every boost the seller bought, newest first, with its payment's reference for support. */
export function MyBoosts() {
  const boosts = useMyPackages();
  return (
    <section className="stack my-boosts" aria-labelledby="boosts-heading">
      <div className="section-head">
        <h2 id="boosts-heading" className="h3">Your boosts</h2>
        <Link to="/advertise" className="btn btn--link">See packages</Link>
      </div>
      {boosts.isError ? (
        <ErrorState title="We could not load your boosts" error={boosts.error} onRetry={() => void boosts.refetch()} />
      ) : !boosts.data ? (
        <Spinner label="Loading your boosts..." />
      ) : boosts.data.length === 0 ? (
        <EmptyState title="You have not boosted a listing yet">
          <p className="muted small">A boost puts your listing in turn into the promoted spots of the searches that match it.</p>
        </EmptyState>
      ) : (
        <ul className="my-listings">
          {boosts.data.map((b) => <BoostRow key={b.id} boost={b} />)}
        </ul>
      )}
    </section>
  );
}

function BoostRow({ boost }: { boost: MyAdvertisingPackage }) {
  const status = STATUS[boost.status];
  return (
    <li className="card boost-row" data-package-id={boost.id}>
      <p className="my-listing__title">
        <strong>{boost.packageName}</strong> <span className={`status status--${status.tone}`}>{status.label}</span>
      </p>
      <p className="small">
        <Link to={`/vehicles/${boost.vehicleId}`} className="user-text">{boost.vehicleTitle}</Link> · {formatNaira(boost.price)} · {boost.durationDays} days
      </p>
      {boost.startDate && boost.endDate && (
        <p className="small muted">
          {formatLagosDate(boost.startDate)} – {formatLagosDate(boost.endDate)}
          {boost.status === 'active' && <> · <strong>{daysLeftText(boost.daysLeft)}</strong></>}
        </p>
      )}
      <p className="small muted">Reference: <span className="user-text">{boost.reference}</span></p>
    </li>
  );
}
