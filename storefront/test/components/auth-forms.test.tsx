import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/components/toast';
import { signInWithPassword, signUpWithPassword } from '../../src/features/auth/actions';
import { SignInForm } from '../../src/features/auth/components/sign-in-form';
import { SignUpForm } from '../../src/features/auth/components/sign-up-form';
import { cleanUpAfterEach, describedByTexts } from './helpers';

// The real module loads Firebase on demand; the forms only ever talk to it through these two calls.
vi.mock('../../src/features/auth/actions', () => ({
  signInWithPassword: vi.fn(),
  signUpWithPassword: vi.fn(),
}));

const signUp = vi.mocked(signUpWithPassword);
const signIn = vi.mocked(signInWithPassword);

cleanUpAfterEach();
beforeEach(() => {
  signUp.mockReset();
  signIn.mockReset();
});

function renderSignUp() {
  const user = userEvent.setup();
  render(
    <>
      <SignUpForm />
      <Toaster />
    </>,
  );
  const fields = {
    firstName: screen.getByLabelText('First name') as HTMLInputElement,
    lastName: screen.getByLabelText('Last name') as HTMLInputElement,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    confirmPassword: screen.getByLabelText('Confirm password') as HTMLInputElement,
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Create Account' }));
  const fillValid = async () => {
    await user.type(fields.firstName, '  Ada  ');
    await user.type(fields.lastName, ' Obi ');
    await user.type(fields.email, 'ada@example.com');
    await user.type(fields.password, 'secret1');
    await user.type(fields.confirmPassword, 'secret1');
  };
  return { user, fields, submit, fillValid };
}

function renderSignIn() {
  const user = userEvent.setup();
  render(
    <>
      <SignInForm />
      <Toaster />
    </>,
  );
  const fields = {
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign In' }));
  return { user, fields, submit };
}

const SIGN_UP_ERRORS = [
  'First name is required',
  'Last name is required',
  'Please enter a valid email address',
  'Password must be at least 6 characters',
];

describe('SignUpForm', () => {
  it('shows no errors before anything is typed or left', () => {
    const { fields } = renderSignUp();
    for (const input of Object.values(fields)) expect(input.getAttribute('aria-invalid')).toBe('false');
    for (const message of SIGN_UP_ERRORS) expect(screen.queryByText(message)).toBeNull();
  });

  it('does not show an email error while the field is still being typed in', async () => {
    const { user, fields } = renderSignUp();
    await user.type(fields.email, 'ada');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(fields.email.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the email error once the field is left, linked to the input', async () => {
    const { user, fields } = renderSignUp();
    await user.type(fields.email, 'ada');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(fields.email.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(fields.email)).toEqual(['Please enter a valid email address']);
  });

  it('only shows the error of the field that was left', async () => {
    const { user, fields } = renderSignUp();
    await user.click(fields.firstName);
    await user.tab();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.queryByText('Last name is required')).toBeNull();
    expect(fields.lastName.getAttribute('aria-invalid')).toBe('false');
  });

  it('removes an error as soon as the value becomes valid', async () => {
    const { user, fields } = renderSignUp();
    await user.type(fields.email, 'ada');
    await user.tab();
    await user.type(fields.email, '@example.com');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(fields.email.getAttribute('aria-invalid')).toBe('false');
    expect(fields.email.getAttribute('aria-describedby')).toBeNull();
  });

  it('keeps the password hint described alongside the password error', async () => {
    const { user, fields } = renderSignUp();
    expect(describedByTexts(fields.password)).toEqual(['At least 6 characters']);
    await user.type(fields.password, '123');
    await user.tab();
    expect(describedByTexts(fields.password)).toEqual(['At least 6 characters', 'Password must be at least 6 characters']);
  });

  it('shows a name-too-long error for more than 50 characters', async () => {
    const { user, fields } = renderSignUp();
    // The input allows up to 60 characters so the message can be seen.
    await user.type(fields.lastName, 'b'.repeat(51));
    await user.tab();
    expect(screen.getByText('Last name too long')).toBeTruthy();
    expect(fields.lastName.getAttribute('aria-invalid')).toBe('true');
  });

  it('on submitting an empty form shows every error and does not call Firebase', async () => {
    const { fields, submit } = renderSignUp();
    await submit();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getAllByText('Password must be at least 6 characters')).toHaveLength(2);
    for (const input of Object.values(fields)) expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(fields.confirmPassword)).toEqual(['Password must be at least 6 characters']);
    expect(signUp).not.toHaveBeenCalled();
  });

  it("on submitting different passwords says \"Passwords don't match\" on the confirmation and does not call Firebase", async () => {
    const { user, fields, submit } = renderSignUp();
    await user.type(fields.firstName, 'Ada');
    await user.type(fields.lastName, 'Obi');
    await user.type(fields.email, 'ada@example.com');
    await user.type(fields.password, 'secret1');
    await user.type(fields.confirmPassword, 'secret2');
    await submit();
    expect(describedByTexts(fields.confirmPassword)).toEqual(["Passwords don't match"]);
    expect(fields.password.getAttribute('aria-invalid')).toBe('false');
    expect(signUp).not.toHaveBeenCalled();
  });

  it('on a valid submit calls signUpWithPassword once with the typed values and says the account was created', async () => {
    signUp.mockResolvedValue('created');
    const { fillValid, submit } = renderSignUp();
    await fillValid();
    await submit();
    expect(signUp).toHaveBeenCalledTimes(1);
    // Names are trimmed by signUpWithPassword itself (see auth-actions.test.ts).
    expect(signUp).toHaveBeenCalledWith(expect.objectContaining({ firstName: '  Ada  ', lastName: ' Obi ', email: 'ada@example.com', password: 'secret1' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Account Created')).toBeTruthy();
  });

  it('disables the button and says it is working while the account is being created', async () => {
    let finish: (outcome: 'created') => void = () => undefined;
    signUp.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { fillValid, submit } = renderSignUp();
    await fillValid();
    await submit();
    const button = screen.getByRole('button', { name: 'Creating account...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    finish('created');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it.each([
    ['existsWithGoogle', 'An account with this email already exists with Google sign-in. Please sign in with Google instead.'],
    ['existsWithPassword', 'An account with this email already exists. Please sign in instead.'],
    ['exists', 'An account with this email already exists. Try signing in instead.'],
  ] as const)('when the email is already in use (%s) shows a destructive "Signup Failed" toast', async (outcome, description) => {
    signUp.mockResolvedValue(outcome);
    const { fillValid, submit } = renderSignUp();
    await fillValid();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('toast--destructive');
    expect(within(alert).getByText('Signup Failed')).toBeTruthy();
    expect(within(alert).getByText(description)).toBeTruthy();
  });

  it.each([
    [{ code: 'auth/weak-password' }, 'Password should be at least 6 characters'],
    [{ code: 'auth/network-request-failed' }, 'Network error. Please check your connection and try again.'],
    [new Error('boom'), 'Failed to create account'],
  ])('when Firebase fails with %o shows "%s"', async (error, description) => {
    signUp.mockRejectedValue(error);
    const { fillValid, submit } = renderSignUp();
    await fillValid();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Signup Failed')).toBeTruthy();
    expect(within(alert).getByText(description)).toBeTruthy();
  });
});

describe('SignInForm', () => {
  it('shows no error until a field is left', async () => {
    const { user, fields } = renderSignIn();
    await user.type(fields.password, '123');
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();
    await user.tab();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(fields.password.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(fields.password)).toEqual(['Password must be at least 6 characters']);
    // The email field was never visited.
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('on submitting an empty form shows both errors and does not call Firebase', async () => {
    const { fields, submit } = renderSignIn();
    await submit();
    expect(describedByTexts(fields.email)).toEqual(['Please enter a valid email address']);
    expect(describedByTexts(fields.password)).toEqual(['Password must be at least 6 characters']);
    expect(fields.email.getAttribute('aria-invalid')).toBe('true');
    expect(fields.password.getAttribute('aria-invalid')).toBe('true');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('does not call Firebase when only the email is wrong', async () => {
    const { user, fields, submit } = renderSignIn();
    await user.type(fields.email, 'ada@example');
    await user.type(fields.password, 'secret1');
    await submit();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('on a valid submit calls signInWithPassword with the email and password and welcomes the user back', async () => {
    signIn.mockResolvedValue();
    const { user, fields, submit } = renderSignIn();
    await user.type(fields.email, 'ada@example.com');
    await user.type(fields.password, 'secret1');
    await submit();
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'secret1');
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Welcome Back')).toBeTruthy();
  });

  it.each([
    [{ code: 'auth/invalid-credential' }, 'Incorrect email or password.'],
    [new Error('boom'), 'Failed to sign in'],
  ])('when Firebase refuses (%o) shows a destructive "Login Failed" toast saying "%s"', async (error, description) => {
    signIn.mockRejectedValue(error);
    const { user, fields, submit } = renderSignIn();
    await user.type(fields.email, 'ada@example.com');
    await user.type(fields.password, 'secret1');
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('toast--destructive');
    expect(within(alert).getByText('Login Failed')).toBeTruthy();
    expect(within(alert).getByText(description)).toBeTruthy();
  });
});
