import { useState } from 'react';
import { TextField } from '../../../components/field';
import { toast } from '../../../components/toast';
import { useForm } from '../../../components/use-form';
import { signInWithPassword } from '../actions';
import { authErrorMessage } from '../auth-errors';
import { validateSignIn } from '../validation';

export function SignInForm() {
  const form = useForm({ email: '', password: '' }, validateSignIn);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!form.check()) return;
        setBusy(true);
        try {
          await signInWithPassword(form.values.email, form.values.password);
          toast({ title: 'Welcome Back', description: 'You are signed in.' });
        } catch (error) {
          toast({ title: 'Login Failed', description: authErrorMessage(error, 'Failed to sign in'), variant: 'destructive' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
