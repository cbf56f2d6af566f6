import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { MAX_REASON_LENGTH, NO_REASON_CHOSEN, OTHER_REASON, REJECT_REASONS, type RejectionChoice, rejectionReason } from './reject-reasons';

interface RejectReasonDialogProps {
  open: boolean;
  /** The listing's title, or how many listings are selected. */
  subject: string | number;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/**
 * Asks why a listing is rejected: a common reason, or "Other" with the moderator's own words.
 * Nothing is chosen at first, and Reject stays disabled (with the reason why beside it) until a
 * reason is chosen or typed, so a seller never reads a reason nobody picked.
 */
export function RejectReasonDialog({ open, subject, busy, onCancel, onConfirm }: RejectReasonDialogProps) {
  const id = useId();
  const [picked, setPicked] = useState<RejectionChoice>(NO_REASON_CHOSEN);
  const [triedTyping, setTriedTyping] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPicked(NO_REASON_CHOSEN);
    setTriedTyping(false);
  }, [open]);

  const many = typeof subject === 'number';
  const confirmLabel = many ? `Reject ${subject} ${subject === 1 ? 'listing' : 'listings'}` : 'Reject listing';
  const outcome = rejectionReason(picked);
  const missing = 'problem' in outcome ? outcome.problem : null;
  const typing = picked.choice === OTHER_REASON;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ('reason' in outcome) onConfirm(outcome.reason);
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
            <RadioGroup
              aria-labelledby={`${id}-reason`}
              name="reason"
              value={picked.choice ?? ''}
              onChange={(e) => setPicked({ ...picked, choice: e.target.value })}
            >
              {REJECT_REASONS.map((reason) => (
                <FormControlLabel key={reason} value={reason} control={<Radio />} label={reason} />
              ))}
              <FormControlLabel value={OTHER_REASON} control={<Radio />} label="Other" />
            </RadioGroup>
          </FormControl>
          {typing && (
            <TextField
              label="Describe the reason"
              multiline
              minRows={3}
              autoFocus
              fullWidth
              value={picked.ownWords}
              onChange={(e) => setPicked({ ...picked, ownWords: e.target.value })}
              onBlur={() => setTriedTyping(true)}
              error={triedTyping && !!missing}
              helperText={triedTyping && missing ? missing : `${picked.ownWords.length}/${MAX_REASON_LENGTH}`}
              slotProps={{ htmlInput: { maxLength: MAX_REASON_LENGTH } }}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {missing && (
            <FormHelperText id={`${id}-missing`} sx={{ mr: 'auto', ml: 1 }}>
              {missing}
            </FormHelperText>
          )}
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={busy || !!missing}
            aria-describedby={missing ? `${id}-missing` : undefined}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
