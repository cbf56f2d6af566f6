import type { Boost } from '../../../lib/api-types';
import { formatLagosDate } from '../../../lib/format';
import { boostName, daysLeft, daysLeftText } from '../boost';

/** A listing's running boost: [Premium Spotlight] Ends 12 Dec 2026 · 5 days left. */
export function BoostLine({ boost }: { boost: Boost }) {
  return (
    <p className="boost-line small">
      <span className={`badge ${boost.tier >= 2 ? 'badge--premium' : 'badge--featured'}`}>{boostName(boost)}</span> Ends {formatLagosDate(boost.endsAt)} · <strong>{daysLeftText(daysLeft(boost.endsAt))}</strong>
    </p>
  );
}
