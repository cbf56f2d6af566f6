import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { focusFirstField } from './focus-field';

/** Field values with errors shown once a field has been left (or the form submitted). */
export function useForm<F extends string>(initial: Record<F, string>, validate: (values: Record<F, string>) => Partial<Record<F, string>>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const errors = validate(values);

  const field = (name: F) => ({
    name,
    value: values[name],
    error: touched[name] ? errors[name] : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  /** Shows every error; true when there are none. */
  const check = (): boolean => {
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Record<F, boolean>);
    return Object.keys(errors).length === 0;
  };

  const form = useRef<HTMLFormElement | null>(null);
  // Fields to take the person to, once their errors are on screen.
  const [needsAttention, setNeedsAttention] = useState<{ fields: string[] } | null>(null);
  useEffect(() => {
    if (needsAttention) focusFirstField(form.current, needsAttention.fields);
  }, [needsAttention]);
  /** After the server refused some fields: takes the person to the first of them. */
  const focusFields = (fields: string[]) => setNeedsAttention({ fields });

  const [busy, setBusy] = useState(false);
  /** A submit handler: shows every error and goes to the first, or runs `send` once (busy meanwhile, so a double click sends once). */
  const submit = (send: (values: Record<F, string>) => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    if (e.currentTarget instanceof HTMLFormElement) form.current = e.currentTarget;
    if (busy) return;
    if (!check()) {
      focusFields(Object.keys(errors));
      return;
    }
    setBusy(true);
    try {
      await send(values);
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, errors, field, check, submit, focusFields, busy, reset: () => { setValues(initial); setTouched({}); } };
}
