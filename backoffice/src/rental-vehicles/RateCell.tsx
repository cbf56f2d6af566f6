import CheckIcon from '@mui/icons-material/Check';
import { CircularProgress, InputAdornment, TextField } from '@mui/material';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AdminRentalVehicle } from '../data/api-types';
import { formatNaira } from '../lib/format';
import { RATE_LABELS, rateEdit, rateText, type RateField } from './rental-rates';
import { useRentalSettings } from './use-rental-settings';

const QUIET_CONFIRMATION_MS = 2500;

const savedSummary = (field: RateField, value: number | null) =>
  value === null ? `${RATE_LABELS[field]} is no longer offered` : `${RATE_LABELS[field]} is now ${formatNaira(value)}`;

interface RateCellProps {
  vehicle: Pick<AdminRentalVehicle, 'id' | 'title' | RateField>;
  field: RateField;
  readOnly?: boolean;
}

/**
 * One rate, edited where it stands: saved when the cell loses focus or on Enter, put back on Escape.
 * Text that is not a whole naira amount is refused beside the cell and nothing is sent, so a typo
 * never becomes a ₦0 rate; the stored rate stays until a valid one is saved.
 */
export function RateCell({ vehicle, field, readOnly = false }: RateCellProps) {
  const id = useId();
  const stored = vehicle[field];
  const [text, setText] = useState(rateText(stored));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const settings = useRentalSettings();
  // The text last judged (sent or refused): Enter then Tab must not send it or refuse it twice.
  const judged = useRef<string | null>(null);

  // A fresh copy of the vehicle (after any save or refresh) is the truth again.
  useEffect(() => {
    setText(rateText(stored));
    setProblem(null);
    judged.current = null;
  }, [stored]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), QUIET_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  // Leaving the cell judges new text only; Enter also retries text the server just refused.
  const commit = (retry = false) => {
    if (settings.isPending || (!retry && judged.current === text)) return;
    judged.current = text;
    const edit = rateEdit(vehicle, field, text);
    if (!edit.send) {
      setProblem(edit.problem ? `${edit.problem}. Not saved: still ${stored === null ? 'not offered' : formatNaira(stored)}.` : null);
      return;
    }
    setProblem(null);
    settings.mutate(
      { vehicle, input: { [field]: edit.value }, summary: savedSummary(field, edit.value) },
      {
        onSuccess: ({ data }) => {
          setText(rateText(data[field]));
          setSaved(true);
        },
        onError: (error) => {
          setProblem(`Not saved: ${error instanceof Error && error.message ? error.message : 'please try again'}.`);
        },
      },
    );
  };

  const revert = () => {
    setText(rateText(stored));
    setProblem(null);
    judged.current = null;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit(true);
    } else if (e.key === 'Escape') {
      // Escape belongs to this cell, not to a dialog or list behind it.
      e.stopPropagation();
      revert();
    }
  };

  const saving = settings.isPending;
  const adornment = saving ? (
    <CircularProgress size={14} aria-label="Saving" />
  ) : saved ? (
    <CheckIcon fontSize="small" color="success" aria-label="Saved" />
  ) : null;

  return (
    <TextField
      id={id}
      size="small"
      value={text}
      placeholder={field === 'dailyRentalRate' ? 'Required' : 'Not offered'}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => commit()}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
      error={!!problem}
      helperText={problem}
      sx={{ width: 150, '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'normal' } }}
      slotProps={{
        input: {
          readOnly: readOnly || saving,
          startAdornment: <InputAdornment position="start">₦</InputAdornment>,
          endAdornment: adornment && <InputAdornment position="end">{adornment}</InputAdornment>,
        },
        htmlInput: {
          inputMode: 'numeric',
          'aria-label': `${RATE_LABELS[field]} of ${vehicle.title}`,
          'aria-busy': saving,
          title: field === 'dailyRentalRate' ? 'Whole naira. Enter or leaving the cell saves, Escape undoes.' : 'Whole naira; leave empty to stop offering it. Enter or leaving the cell saves, Escape undoes.',
        },
      }}
    />
  );
}
