import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../components/field';
import { Spinner } from '../../../components/states';
import { toast } from '../../../components/toast';
import { completeEmailLinkSignIn, EMAIL_FOR_SIGN_IN_KEY } from '../actions';
import { authErrorMessage } from '../auth-errors';
import { checkEmail } from '../validation';
import { SubmitButton } from '../../../components/submit-button';

/** Finishes an emailed-link sign-in; asks for the address when this browser did not send the link. */
export function EmailLinkCompletion({ href, onDone }: { href: string; onDone: () => void }) {
  const stored = localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(!!stored);
  const [error, setError] = useState<string | undefined>();
  const started = useRef(false);

  const complete = async (address: string) => {
    setBusy(true);
    try {
      await completeEmailLinkSignIn(address, href);
      toast({ title: 'Welcome Back', description: 'You are signed in.' });
    } catch (err) {
      toast({ title: 'Sign-in Failed', description: authErrorMessage(err, err instanceof Error ? err.message : 'Please try again.'), variant: 'destructive' });
      onDone();
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (stored && !started.current) {
      started.current = true;
      void complete(stored);
    }
  });

  if (busy) return <Spinner label="Completing sign-in..." />;
  return (
    <form
      noValidate
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = email.trim() ? checkEmail(email) : 'Email is required to complete sign-in';
        setError(problem);
        if (!problem) void complete(email);
      }}
    >
      <p>Please confirm the email address the sign-in link was sent to.</p>
      <TextField label="Email" type="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
      <SubmitButton className="btn btn--primary btn--block">
        Complete Sign-in
      </SubmitButton>
    </form>
  );
}
