import { TextField } from '../../../components/field';
import { toast } from '../../../components/toast';
import { useForm } from '../../../components/use-form';
import { signInWithPassword } from '../actions';
import { authErrorMessage } from '../auth-errors';
import { validateSignIn } from '../validation';
import { SubmitButton } from '../../../components/submit-button';

export function SignInForm() {
  const form = useForm({ email: '', password: '' }, validateSignIn);
  const { busy } = form;
  return (
    <form
      noValidate
      className="stack"
      onSubmit={form.submit(async ({ email, password }) => {
        try {
          await signInWithPassword(email, password);
          toast({ title: 'Welcome Back', description: 'You are signed in.' });
        } catch (error) {
          toast({ title: 'Login Failed', description: authErrorMessage(error, 'Failed to sign in'), variant: 'destructive' });
        }
      })}
    >
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <SubmitButton className="btn btn--primary btn--block" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </SubmitButton>
    </form>
  );
}
