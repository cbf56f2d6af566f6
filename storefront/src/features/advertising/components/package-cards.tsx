import { CheckIcon } from '../../../components/icons';
import { EmptyState, ErrorState } from '../../../components/states';
import type { PackageType } from '../../../lib/api-types';
import { formatNaira } from '../../../lib/format';
import { usePackages } from '../api/get-packages';

/** The three packages as the server sells them, each with a Get Started that opens the chooser on it. */
export function PackageCards({ onChoose }: { onChoose: (type: PackageType) => void }) {
  const packages = usePackages();
  if (packages.isError) return <ErrorState title="We could not load the packages" error={packages.error} onRetry={() => void packages.refetch()} />;
  if (!packages.data) {
    return (
      <div className="package-grid" role="status" aria-label="Loading packages">
        {[0, 1, 2].map((i) => <div key={i} className="card package-card skeleton" />)}
      </div>
    );
  }
  if (packages.data.length === 0) return <EmptyState title="No packages are on sale right now." />;
  return (
    <div className="package-grid">
      {packages.data.map((p) => (
        <article key={p.type} className={`card package-card${p.mostPopular ? ' package-card--popular' : ''}`} aria-labelledby={`package-${p.type}`}>
          {p.mostPopular && <span className="badge badge--premium package-card__flag">Most Popular</span>}
          <h3 id={`package-${p.type}`} className="h3">{p.name}</h3>
          <p className="package-card__price">{formatNaira(p.price)}</p>
          <p className="muted">{p.durationDays} days</p>
          <ul className="package-card__features">
            {p.features.map((feature) => (
              <li key={feature}><CheckIcon width={16} height={16} /> {feature}</li>
            ))}
          </ul>
          <button type="button" className={`btn btn--block ${p.mostPopular ? 'btn--primary' : 'btn--outline'}`} aria-label={`Get Started with ${p.name}`} onClick={() => onChoose(p.type)}>
            Get Started
          </button>
        </article>
      ))}
    </div>
  );
}
