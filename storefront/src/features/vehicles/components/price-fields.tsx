import { TextField } from '../../../components/field';
import type { PriceBound } from '../price-input';

export type PriceTexts = Record<PriceBound, string>;

interface PriceFieldsProps {
  texts: PriceTexts;
  errors: Partial<Record<PriceBound, string>>;
  onText: (bound: PriceBound, text: string) => void;
  /** A field was left: the moment to read what was typed. */
  onLeave?: (bound: PriceBound) => void;
  /** Sent with their form as `minPrice` and `maxPrice` (a browser without scripts submits it itself). */
  named?: boolean;
}

const FIELDS: readonly { bound: PriceBound; label: string; placeholder: string }[] = [
  { bound: 'minPrice', label: 'Min price (₦)', placeholder: 'No minimum' },
  { bound: 'maxPrice', label: 'Max price (₦)', placeholder: 'No maximum' },
];

/** A buyer's own price range in naira, typed as they would write it ("15,000,000"). */
export function PriceFields({ texts, errors, onText, onLeave, named = false }: PriceFieldsProps) {
  return (
    <>
      {FIELDS.map(({ bound, label, placeholder }) => (
        <TextField
          key={bound}
          label={label}
          name={named ? bound : undefined}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={16}
          placeholder={placeholder}
          value={texts[bound]}
          error={errors[bound]}
          onChange={(e) => onText(bound, e.target.value)}
          onBlur={() => onLeave?.(bound)}
        />
      ))}
    </>
  );
}
