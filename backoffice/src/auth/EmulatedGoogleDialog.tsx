import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { checkEmail } from './auth-errors';
import type { EmulatedGoogleAccount } from './google-sign-in';

interface EmulatedGoogleDialogProps {
  open: boolean;
  onCancel: () => void;
  onChoose: (account: EmulatedGoogleAccount) => void;
}

/** Development only: the Auth emulator's Google sign-in, choosing which Google account to be. */
export function EmulatedGoogleDialog({ open, onCancel, onChoose }: EmulatedGoogleDialogProps) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkEmail(email);
    setError(problem);
    if (!problem) onChoose({ email, name });
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="google-emulator-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="google-emulator-title">Sign in with Google</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            Development mode: the Firebase Auth emulator stands in for Google. Enter any Google account to use.
          </DialogContentText>
          <TextField
            label="Google email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            error={!!error}
            helperText={error}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField label="Display name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained">
            Sign in with Google.com
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
