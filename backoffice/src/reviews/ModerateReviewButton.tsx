import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useRecordContext } from 'react-admin';
import type { AdminReview } from '../data/api-types';
import { useModerateReview } from './use-moderate-review';

const REASON_MAX = 500;

/** "Hide" asks for a reason first (it goes to the audit log); "Show again" needs none. */
export function ModerateReviewButton() {
  const review = useRecordContext<AdminReview>();
  const { canAccess } = useCanAccess({ resource: 'reviews', action: 'moderate' });
  const moderate = useModerateReview();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!review || !canAccess) return null;
  if (review.hidden) {
    return (
      <Button size="small" disabled={moderate.isPending} onClick={(e) => { e.stopPropagation(); moderate.mutate({ review, reason: null }); }}>
        Show again
      </Button>
    );
  }
  const confirm = () => {
    const trimmed = reason.trim();
    if (!trimmed) return setError('Say why the review is hidden');
    if (trimmed.length > REASON_MAX) return setError(`Keep the reason to ${REASON_MAX} characters or fewer`);
    moderate.mutate({ review, reason: trimmed }, { onSuccess: () => setAsking(false) });
  };
  return (
    <>
      <Button size="small" color="error" onClick={(e) => { e.stopPropagation(); setAsking(true); }}>
        Hide
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} onClick={(e) => e.stopPropagation()} aria-labelledby="hide-review-title" fullWidth maxWidth="sm">
        <DialogTitle id="hide-review-title">Hide “{review.title}”?</DialogTitle>
        <DialogContent>
          <p>It stops showing on {review.reviewee.name}'s page at once and no longer counts in their rating. You can show it again later.</p>
          <TextField
            autoFocus fullWidth multiline minRows={2} label="Reason" value={reason} error={!!error} helperText={error ?? 'For colleagues and the audit log.'}
            onChange={(e) => { setReason(e.target.value); setError(null); }} inputProps={{ maxLength: REASON_MAX }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Keep it</Button>
          <Button color="error" variant="contained" disabled={moderate.isPending} onClick={confirm}>Hide review</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
