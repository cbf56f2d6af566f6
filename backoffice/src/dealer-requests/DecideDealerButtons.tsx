import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useRecordContext } from 'react-admin';
import type { AdminDealerRequest } from '../data/api-types';
import { useDecideDealer } from './use-decide-dealer';

const REASON_MAX = 500;

/** "Verify" at once; "Reject" asks for a reason first (the seller reads it, and it goes to the audit log). Only for waiting requests. */
export function DecideDealerButtons() {
  const request = useRecordContext<AdminDealerRequest>();
  const { canAccess } = useCanAccess({ resource: 'dealer-requests', action: 'decide' });
  const decide = useDecideDealer();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!request || !canAccess || request.status !== 'pending') return null;
  const confirm = () => {
    const trimmed = reason.trim();
    if (trimmed.length < 3) return setError('Tell the seller why, so they can put it right');
    if (trimmed.length > REASON_MAX) return setError(`Keep the reason to ${REASON_MAX} characters or fewer`);
    decide.mutate({ request, reason: trimmed }, { onSuccess: () => setAsking(false) });
  };
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="contained" disabled={decide.isPending} onClick={() => decide.mutate({ request, reason: null })}>
        Verify
      </Button>
      <Button size="small" color="error" onClick={() => setAsking(true)}>
        Reject
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="reject-dealer-title" fullWidth maxWidth="sm">
        <DialogTitle id="reject-dealer-title">Reject {request.businessName}?</DialogTitle>
        <DialogContent>
          <p>The seller sees your reason in their profile and may send corrected details.</p>
          <TextField
            autoFocus fullWidth multiline minRows={2} label="Reason" value={reason} error={!!error}
            helperText={error ?? 'For the seller and the audit log (for example: the CAC search shows another name).'}
            onChange={(e) => { setReason(e.target.value); setError(null); }} inputProps={{ maxLength: REASON_MAX }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={decide.isPending} onClick={confirm}>Reject request</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
