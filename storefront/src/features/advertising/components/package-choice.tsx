import type { AdvertisingPackageOffer } from '../../../lib/api-types';
import { formatNaira } from '../../../lib/format';

interface PackageChoiceProps {
  packages: AdvertisingPackageOffer[];
  value: string | null;
  onChange: (type: AdvertisingPackageOffer['type']) => void;
}

/** The packages as radio buttons, with the server's price and duration beside each name. */
export function PackageChoice({ packages, value, onChange }: PackageChoiceProps) {
  return (
    <fieldset className="package-choice">
      <legend className="field__label">Package</legend>
      {packages.map((p) => (
        <label key={p.type} className={`package-choice__option${value === p.type ? ' package-choice__option--chosen' : ''}`}>
          <input type="radio" name="packageType" value={p.type} checked={value === p.type} onChange={() => onChange(p.type)} />
          <span className="package-choice__name">
            <strong>{p.name}</strong>
            {p.mostPopular && <span className="badge badge--premium">Most Popular</span>}
          </span>
          <span className="package-choice__price">
            {formatNaira(p.price)} <span className="muted small">/ {p.durationDays} days</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
