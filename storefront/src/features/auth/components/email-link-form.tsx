import { useState } from 'react';
import { TextField } from '../../../components/field';
import { toast } from '../../../components/toast';
import { sendSignInLink } from '../actions';
import { authErrorMessage } from '../auth-errors';
import { checkEmail } from '../validation';
import { SubmitButton } from '../../../components/submit-button';

export function EmailLinkForm({ redirect }: { redirect: string | null }) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const error = touched && email.trim() ? checkEmail(email) : undefined;

  if (sentTo) {
    return (
      <div className="notice notice--success" role="status">
        <p className="notice__title">Check your email</p>
        <p>
          We sent a sign-in link to <strong>{sentTo}</strong>. Open it on this device to finish signing in.
        </p>
        <button type="button" className="btn btn--link" onClick={() => setSentTo(null)}>
          Use a different email
        </button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        setTouched(true);
        if (!email.trim()) {
          toast({ title: 'Email Required', description: 'Please enter your email address', variant: 'destructive' });
          return;
        }
        if (checkEmail(email)) return;
        setBusy(true);
        try {
          await sendSignInLink(email, redirect);
          setSentTo(email.trim());
          toast({ title: 'Email Sent!', description: 'Check your email for a sign-in link' });
        } catch (err) {
          toast({ title: 'Failed to Send Email', description: authErrorMessage(err, 'Please try again.'), variant: 'destructive' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      <SubmitButton className="btn btn--primary btn--block" disabled={busy}>
        {busy ? 'Sending...' : 'Send Sign-in Link'}
      </SubmitButton>
    </form>
  );
}
