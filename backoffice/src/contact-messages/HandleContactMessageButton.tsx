import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useRecordContext } from 'react-admin';
import type { AdminContactMessage } from '../data/api-types';
import { useHandleContactMessage } from './use-handle-contact-message';

const NOTE_MAX = 1000;

/** "Mark handled" asks for an optional note (for colleagues and the audit log); a handled message offers nothing. */
export function HandleContactMessageButton() {
  const message = useRecordContext<AdminContactMessage>();
  const { canAccess } = useCanAccess({ resource: 'contact-messages', action: 'handle' });
  const handle = useHandleContactMessage();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!message || !canAccess || message.status !== 'open') return null;
  const confirm = () => {
    const trimmed = note.trim();
    if (trimmed.length > NOTE_MAX) return setError(`Keep the note to ${NOTE_MAX} characters or fewer`);
    handle.mutate({ message, note: trimmed || null }, { onSuccess: () => setAsking(false) });
  };
  return (
    <>
      <Button size="small" onClick={(e) => { e.stopPropagation(); setAsking(true); }}>
        Mark handled
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} onClick={(e) => e.stopPropagation()} aria-labelledby="handle-contact-title" fullWidth maxWidth="sm">
        <DialogTitle id="handle-contact-title">Mark message #{message.id} handled?</DialogTitle>
        <DialogContent>
          <p>Answer {message.email} by email first. Handled messages move below the open ones.</p>
          <TextField
            autoFocus fullWidth multiline minRows={2} label="Note (optional)" value={note} error={!!error} helperText={error ?? 'What was done, for colleagues and the audit log.'}
            onChange={(e) => { setNote(e.target.value); setError(null); }} inputProps={{ maxLength: NOTE_MAX }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button variant="contained" disabled={handle.isPending} onClick={confirm}>Mark handled</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
