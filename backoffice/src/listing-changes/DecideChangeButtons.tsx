import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { ListingChange } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import { failureReason } from '../vehicles/moderation/moderation-messages';

const REASON_MAX = 500;

/** Approve (the changes go live) or Reject with a reason the seller reads (the approved version stays). */
export function DecideChangeButtons() {
  const change = useRecordContext<ListingChange>();
  const { canAccess } = useCanAccess({ resource: 'listing-changes', action: 'decide' });
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (input: { id: number; reason: string | null }) =>
      input.reason === null ? dataProvider.approveListingChange(input.id) : dataProvider.rejectListingChange(input.id, input.reason),
    onSuccess: ({ data }) => {
      notify(data.status === 'approved' ? 'Changes approved: buyers see them now, and the seller was told.' : 'Changes rejected: the approved version stays live, and the seller was told why.', { type: 'success' });
      setAsking(false);
      refresh();
    },
    onError: (err) => {
      notify(`Could not decide: ${failureReason(err, 'Please try again.')}`, { type: 'error', multiLine: true });
      refresh();
    },
  });
  if (!change || !canAccess || change.status !== 'pending') return null;
  const reject = () => {
    const trimmed = reason.trim();
    if (!trimmed) return setError('Tell the seller why');
    if (trimmed.length > REASON_MAX) return setError(`Keep the reason to ${REASON_MAX} characters or fewer`);
    decide.mutate({ id: change.id, reason: trimmed });
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="contained" disabled={decide.isPending} onClick={(e) => { e.stopPropagation(); decide.mutate({ id: change.id, reason: null }); }}>
        Approve
      </Button>
      <Button size="small" color="error" disabled={decide.isPending} onClick={(e) => { e.stopPropagation(); setAsking(true); }}>
        Reject
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} onClick={(e) => e.stopPropagation()} aria-labelledby="reject-change-title" fullWidth maxWidth="sm">
        <DialogTitle id="reject-change-title">Reject the changes to “{change.listingTitle}”?</DialogTitle>
        <DialogContent>
          <p>The approved version stays live. The seller is shown your reason and may edit again.</p>
          <TextField
            autoFocus fullWidth multiline minRows={2} label="Reason" value={reason} error={!!error} helperText={error ?? 'The seller reads this.'}
            onChange={(e) => { setReason(e.target.value); setError(null); }} inputProps={{ maxLength: REASON_MAX }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={decide.isPending} onClick={reject}>Reject changes</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
