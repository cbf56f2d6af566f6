import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AdminRental, RentalAction } from '../data/api-types';
import { formatNaira } from '../lib/format';
import { dayCount, formatRentalDay, formatRentalDays } from './rental-dates';
import { cancelReasonProblem, MAX_CANCEL_REASON, RENTAL_ACTION_WORDING } from './rental-status';

type Booking = Pick<AdminRental, 'id' | 'vehicle' | 'startDate' | 'endDate' | 'days' | 'totalPrice'>;

function consequence(action: RentalAction, rental: Booking): string {
  const stay = `“${rental.vehicle.title}”, ${formatRentalDays(rental.startDate, rental.endDate)} (${dayCount(rental.days)}, ${formatNaira(rental.totalPrice)})`;
  switch (action) {
    case 'confirm':
      return `The renter gets ${stay}. Other pending requests for any of these days are declined.`;
    case 'start':
      return `Do this when the renter collects the vehicle. A booking cannot start before its pick-up day, ${formatRentalDay(rental.startDate)}.`;
    case 'complete':
      return `Do this when ${rental.vehicle.title} is back. The booking is then closed for good.`;
    case 'cancel':
      return `The booking of ${stay} ends now, and the days are free again. This cannot be undone.`;
  }
}

interface RentalActionDialogProps {
  rental: Booking;
  action: RentalAction | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason?: string) => void;
}

/** Asks before a booking moves on; a cancellation also asks why, which the renter reads. */
export function RentalActionDialog({ rental, action, busy, onClose, onConfirm }: RentalActionDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!action) return;
    setReason('');
    setTried(false);
  }, [action]);

  if (!action) return null;
  const wording = RENTAL_ACTION_WORDING[action];
  const asksReason = action === 'cancel';
  const problem = asksReason ? cancelReasonProblem(reason) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    onConfirm(asksReason ? reason : undefined);
  };

  return (
    // Clicks inside the dialog must not reach a list row behind it (React events bubble through portals).
    <Dialog open onClose={busy ? undefined : onClose} onClick={(e) => e.stopPropagation()} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>
          {wording.label} booking #{rental.id}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: asksReason ? 2 : 0 }}>
            {consequence(action, rental)}
          </DialogContentText>
          {asksReason && (
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={3}
              label="Reason (the renter sees it)"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={tried && !!problem}
              helperText={tried && problem ? problem : `${reason.trim().length} / ${MAX_CANCEL_REASON}`}
              disabled={busy}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Keep as is
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={wording.colour}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            autoFocus={!asksReason}
          >
            {wording.label} booking
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
