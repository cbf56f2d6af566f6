import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../../components/field';
import { toast } from '../../../components/toast';
import { useForm } from '../../../components/use-form';
import { linkGoogle, linkPassword, unlinkMethod } from '../../auth/actions';
import { authErrorMessage, isCancelledPopup } from '../../auth/auth-errors';
import { GoogleButton } from '../../auth/components/google-button';
import { refreshSessionUser, useSession } from '../../auth/session';
import { checkEmail, checkPassword } from '../../auth/validation';
import { SubmitButton } from '../../../components/submit-button';

const METHOD_NAMES: Record<string, string> = { 'google.com': 'Google account', password: 'Email & Password' };

export function SecurityTab() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const linkForm = useForm({ email: user?.email ?? '', password: '' }, (v) => {
    const errors: Partial<Record<'email' | 'password', string>> = {};
    if (!v.email.trim()) errors.email = 'Email is required';
    else if (checkEmail(v.email)) errors.email = checkEmail(v.email);
    if (!v.password) errors.password = 'Password is required';
    else if (checkPassword(v.password)) errors.password = checkPassword(v.password);
    return errors;
  });
  if (!user) return null;

  const methods = user.providerData.filter((p) => p.providerId in METHOD_NAMES);
  const has = (id: string) => methods.some((m) => m.providerId === id);
  const changed = async () => {
    refreshSessionUser();
    await queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
  };
  const run = async (key: string, action: () => Promise<void>, success: string, failure: string) => {
    setBusy(key);
    try {
      await action();
      await changed();
      toast({ title: success });
      return true;
    } catch (error) {
      if (!isCancelledPopup(error)) toast({ title: failure, description: authErrorMessage(error, error instanceof Error ? error.message : 'Please try again.'), variant: 'destructive' });
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="stack" aria-labelledby="security-heading">
      <h2 id="security-heading" className="h3">Sign-in methods</h2>
      {user.isAnonymous && methods.length === 0 && (
        <div className="notice notice--warning">
          <p>You are signed in as a guest. Link Google or an email and password to keep your listings if you sign out.</p>
        </div>
      )}
      {methods.length === 1 && (
        <div className="notice notice--warning">
          <p>You have only one way to sign in. Link another so you never lose access to your account.</p>
        </div>
      )}
      {methods.length > 0 && (
        <ul className="card methods">
          {methods.map((m) => (
            <li key={m.providerId} className="methods__row">
              <span className="user-text">
                <strong>{METHOD_NAMES[m.providerId]}</strong>
                {m.email && <span className="muted small block">{m.email}</span>}
              </span>
              {methods.length > 1 &&
                (confirming === m.providerId ? (
                  <span className="methods__confirm">
                    <span className="small">Remove this method?</span>
                    <button type="button" className="btn btn--danger btn--sm" disabled={busy !== null}
                      onClick={() => void run(m.providerId, () => unlinkMethod(m.providerId), 'Account Unlinked', 'Unlink Failed').then(() => setConfirming(null))}>
                      Yes, remove
                    </button>
                    <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming(null)}>Keep</button>
                  </span>
                ) : (
                  <button type="button" className="btn btn--outline btn--sm" aria-label={`Remove ${METHOD_NAMES[m.providerId]}`} onClick={() => setConfirming(m.providerId)}>
                    Remove
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {!has('google.com') && (
        <div className="card stack">
          <h3 className="h4">Google</h3>
          <p className="muted small">Sign in with your Google account as well.</p>
          <GoogleButton className="btn btn--outline" disabled={busy !== null} defaultEmail={user.email ?? ''} onGoogle={async (account) => void (await run('google', () => linkGoogle(account), 'Google Account Linked', 'Link Failed'))}>
            Link Google
          </GoogleButton>
        </div>
      )}
      {!has('password') && (
        <form
          noValidate
          className="card stack"
          aria-labelledby="link-password-heading"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!linkForm.check()) return;
            const ok = await run('password', () => linkPassword(linkForm.values.email, linkForm.values.password), 'Email/Password Linked', 'Link Failed');
            if (ok) linkForm.reset();
          }}
        >
          <h3 id="link-password-heading" className="h4">Link Email &amp; Password</h3>
          <TextField label="Email" type="email" autoComplete="email" {...linkForm.field('email')} />
          <TextField label="Password" type="password" autoComplete="new-password" {...linkForm.field('password')} />
          <SubmitButton className="btn btn--outline" disabled={busy !== null}>
            Link Email &amp; Password
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
