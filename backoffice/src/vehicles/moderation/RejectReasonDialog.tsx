import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DEFAULT_REJECT_REASON, MAX_REASON_LENGTH, OTHER_REASON, REJECT_REASONS } from './reject-reasons';

interface RejectReasonDialogProps {
  open: boolean;
  /** The listing's title, or how many listings are selected. */
  subject: string | number;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks why a listing is rejected: a common reason, or "Other" with the moderator's own words. */
export function RejectReasonDialog({ open, subject, busy, onCancel, onConfirm }: RejectReasonDialogProps) {
  const id = useId();
  const [choice, setChoice] = useState<string>(DEFAULT_REJECT_REASON);
  const [ownWords, setOwnWords] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    setChoice(DEFAULT_REJECT_REASON);
    setOwnWords('');
    setError(undefined);
  }, [open]);

  const many = typeof subject === 'number';
  const confirmLabel = many ? `Reject ${subject} ${subject === 1 ? 'listing' : 'listings'}` : 'Reject listing';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice !== OTHER_REASON) return onConfirm(choice);
    const reason = ownWords.trim();
    if (!reason) return setError('Please describe the reason');
    if (reason.length > MAX_REASON_LENGTH) return setError(`Keep the reason under ${MAX_REASON_LENGTH} characters`);
    onConfirm(reason);
  };

  return (
    // Clicks inside the dialog must not reach a list row behind it (React events bubble through portals).
    <Dialog open={open} onClose={busy ? undefined : onCancel} onClick={(e) => e.stopPropagation()} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{many ? confirmLabel : 'Reject listing'}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {many
              ? 'The selected listings will be removed from the public listings. Their sellers will see this reason.'
              : `“${subject}” will be removed from the public listings. The seller will see this reason.`}
          </DialogContentText>
          <FormControl component="fieldset" fullWidth>
            <FormLabel component="legend" id={`${id}-reason`}>
              Reason for rejection
            </FormLabel>
            <RadioGroup aria-labelledby={`${id}-reason`} name="reason" value={choice} onChange={(e) => setChoice(e.target.value)}>
              {REJECT_REASONS.map((reason) => (
                <FormControlLabel key={reason} value={reason} control={<Radio />} label={reason} />
              ))}
              <FormControlLabel value={OTHER_REASON} control={<Radio />} label="Other" />
            </RadioGroup>
          </FormControl>
          {choice === OTHER_REASON && (
            <TextField
              label="Describe the reason"
              multiline
              minRows={3}
              autoFocus
              value={ownWords}
              onChange={(e) => setOwnWords(e.target.value)}
              error={!!error}
              helperText={error ?? `${ownWords.length}/${MAX_REASON_LENGTH}`}
              slotProps={{ htmlInput: { maxLength: MAX_REASON_LENGTH } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
