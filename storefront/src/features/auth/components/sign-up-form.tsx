import { TextField } from '../../../components/field';
import { toast } from '../../../components/toast';
import { useForm } from '../../../components/use-form';
import { signUpWithPassword, type SignUpOutcome } from '../actions';
import { authErrorMessage } from '../auth-errors';
import { validateSignUp } from '../validation';
import { SubmitButton } from '../../../components/submit-button';

const EXISTING: Record<Exclude<SignUpOutcome, 'created'>, string> = {
  existsWithGoogle: 'An account with this email already exists with Google sign-in. Please sign in with Google instead.',
  existsWithPassword: 'An account with this email already exists. Please sign in instead.',
  exists: 'An account with this email already exists. Try signing in instead.',
};

export function SignUpForm() {
  const form = useForm({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' }, validateSignUp);
  const { busy } = form;
  return (
    <form
      noValidate
      className="stack"
      onSubmit={form.submit(async (values) => {
        try {
          const outcome = await signUpWithPassword(values);
          if (outcome === 'created') toast({ title: 'Account Created', description: 'Welcome to Voltmarket!' });
          else toast({ title: 'Signup Failed', description: EXISTING[outcome], variant: 'destructive' });
        } catch (error) {
          toast({ title: 'Signup Failed', description: authErrorMessage(error, 'Failed to create account'), variant: 'destructive' });
        }
      })}
    >
      <div className="grid-2">
        <TextField label="First name" autoComplete="given-name" maxLength={60} {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" maxLength={60} {...form.field('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" hint="At least 6 characters" {...form.field('password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <SubmitButton className="btn btn--primary btn--block" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </SubmitButton>
    </form>
  );
}
