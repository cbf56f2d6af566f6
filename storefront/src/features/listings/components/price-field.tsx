import { useLayoutEffect, useRef } from 'react';
import { TextField } from '../../../components/field';
import { groupDigits, priceInWords, readNairaAmount } from '../../../lib/naira';

const TYPING_DIGITS = /^[\d,]*$/;

/** Where the caret goes in `text` to stand after its `digits`-th digit. */
function afterDigits(text: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i]!) && ++seen === digits) return i + 1;
  }
  return text.length;
}

interface PriceFieldProps {
  label: string;
  name?: string;
  value: string;
  error?: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
  onBlur?: () => void;
}

/**
 * Whole naira with thousands separators as they are typed, and the amount in words beside it, so
 * ₦2.85M is not listed for ₦28.5M by a slip. Pasted "₦28.5m" is read and written out in full on leaving.
 */
export function PriceField({ value, onChange, onBlur, ...props }: PriceFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  const amount = readNairaAmount(value);
  return (
    <TextField
      ref={input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      hint={amount !== null && amount > 0 ? priceInWords(amount) : undefined}
      {...props}
      onChange={(e) => {
        const box = e.target;
        // Digits and commas only: regroup, and keep the caret after the same digit. Anything else ("₦28.5m") stays as typed.
        if (TYPING_DIGITS.test(box.value)) {
          const typed = box.value;
          const digitsBefore = typed.slice(0, box.selectionStart ?? typed.length).replace(/\D/g, '').length;
          const droppedZeros = typed.replace(/\D/g, '').length - groupDigits(typed).replace(/\D/g, '').length;
          const grouped = groupDigits(typed);
          box.value = grouped;
          caret.current = afterDigits(grouped, Math.max(0, digitsBefore - droppedZeros));
        }
        onChange(e);
      }}
      onBlur={() => {
        if (amount !== null && value !== groupDigits(String(amount))) onChange({ target: { value: groupDigits(String(amount)) } });
        onBlur?.();
      }}
    />
  );
}
