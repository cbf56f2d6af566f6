import { Alert, Box, Button, Divider, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useBasename, useCheckAuth, useLogin, useNavigate } from 'react-admin';
import { authErrorMessage, checkEmail, checkPassword, isCancelledPopup, isCredentialError } from './auth-errors';
import type { LoginParams } from './auth-provider';
import { AuthPageFrame } from './AuthPageFrame';
import { GoogleSignInButton } from './GoogleSignInButton';
import type { EmulatedGoogleAccount } from './google-sign-in';

type Field = 'email' | 'password';

/** Staff sign in with the same Firebase accounts as the storefront: email and password, or Google. */
export function LoginPage() {
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const basename = useBasename();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // Someone already signed in (here or on the storefront) goes straight to the dashboard.
  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate(`${basename}/`, { replace: true }))
      .catch(() => undefined);
  }, [checkAuth, navigate, basename]);

  const check = (field: Field, value: string) => (field === 'email' ? checkEmail(value) : checkPassword(value));
  const validate = (field: Field) => setErrors((current) => ({ ...current, [field]: check(field, values[field]) }));

  const signIn = async (params: LoginParams) => {
    setBusy(true);
    setFormError(undefined);
    try {
      await login(params);
    } catch (error) {
      if (isCancelledPopup(error)) return;
      if (isCredentialError(error)) setErrors({ password: authErrorMessage(error) });
      else setFormError(authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { email: check('email', values.email), password: check('password', values.password) };
    setErrors(found);
    if (found.email || found.password) return;
    void signIn({ method: 'password', email: values.email, password: values.password });
  };

  const input = (field: Field) => ({
    value: values[field],
    error: !!errors[field],
    helperText: errors[field],
    onChange: (e: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: e.target.value })),
    onBlur: () => validate(field),
    disabled: busy,
  });

  return (
    <AuthPageFrame title="Voltmarket Backoffice">
      <Typography sx={{ mb: 0.5 }}>Please sign in to access the admin dashboard</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        Use your Voltmarket staff account to moderate listings and manage users.
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Login Failed: {formError}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        <TextField label="Email" type="email" name="email" autoComplete="email" required {...input('email')} />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" required {...input('password')} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Box>
      <Divider sx={{ my: 2 }}>or</Divider>
      <GoogleSignInButton disabled={busy} onGoogle={(account?: EmulatedGoogleAccount) => void signIn({ method: 'google', account })} />
    </AuthPageFrame>
  );
}
