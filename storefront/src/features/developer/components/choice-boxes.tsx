import { useId, type Ref } from 'react';

interface ChoiceBoxesProps<T extends string> {
  legend: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  error?: string | undefined;
  /** The group, for a failed submit to take the person to its first box. */
  ref?: Ref<HTMLFieldSetElement>;
}

/** Checkboxes for a few choices, each a whole row to tap, with the group's error read out with each box. */
export function ChoiceBoxes<T extends string>({ legend, options, chosen, onChange, error, ref }: ChoiceBoxesProps<T>) {
  const errorId = useId();
  const toggle = (value: T, on: boolean) => onChange(options.map((o) => o.value).filter((v) => (v === value ? on : chosen.includes(v))));
  return (
    <fieldset ref={ref} className={`choice-group${error ? ' field--invalid' : ''}`}>
      <legend className="field__label">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="choice">
          <input type="checkbox" value={o.value} checked={chosen.includes(o.value)} aria-describedby={error ? errorId : undefined} onChange={(e) => toggle(o.value, e.target.checked)} />
          <span>{o.label}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
