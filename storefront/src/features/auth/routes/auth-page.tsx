import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { BoltIcon } from '../../../components/icons';
import { Spinner } from '../../../components/states';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/use-page-title';
import { safeRedirect } from '../../../lib/safe-redirect';
import { isEmailSignInLink, signInAsGuest, signInWithGoogle, type EmulatedGoogleAccount } from '../actions';
import { authErrorMessage, isCancelledPopup } from '../auth-errors';
import { EmailLinkCompletion } from '../components/email-link-completion';
import { EmailLinkForm } from '../components/email-link-form';
import { GoogleButton } from '../components/google-button';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { connectSession, useSession } from '../session';

export function Component() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const session = useSession();
  const [mode, setMode] = useState<'signIn' | 'signUp'>(params.get('mode') === 'signUp' ? 'signUp' : 'signIn');
  const [method, setMethod] = useState<'password' | 'link'>('password');
  const [emailLink, setEmailLink] = useState<string | null | undefined>(undefined);
  usePageTitle(mode === 'signIn' ? 'Sign In' : 'Create Account');

  useEffect(() => {
    const href = window.location.href;
    connectSession()
      .then(() => isEmailSignInLink(href))
      .then((isLink) => setEmailLink(isLink ? href : null))
      .catch(() => {
        setEmailLink(null);
        toast({ title: 'Sign-in is unavailable', description: 'We could not reach the sign-in service. Please try again.', variant: 'destructive' });
      });
  }, []);

  if (session.status === 'signedIn') return <Navigate to={safeRedirect(redirect)} replace />;
  if (emailLink === undefined && session.status === 'loading') return <Spinner />;

  const guest = async () => {
    try {
      await signInAsGuest();
      toast({ title: 'Signed in anonymously!', description: 'You can browse and list as a guest.' });
    } catch (error) {
      toast({ title: 'Authentication Failed', description: authErrorMessage(error, 'Failed to sign in as guest'), variant: 'destructive' });
    }
  };
  const google = async (account?: EmulatedGoogleAccount) => {
    try {
      await signInWithGoogle(account);
      toast({ title: 'Welcome Back', description: 'You are signed in with Google.' });
    } catch (error) {
      if (!isCancelledPopup(error)) toast({ title: 'Login Failed', description: authErrorMessage(error, 'Failed to sign in'), variant: 'destructive' });
    }
  };

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <div className="auth-card__head">
          <span className="brand-mark" aria-hidden="true">
            <BoltIcon />
          </span>
          <h1>{emailLink ? 'Finish signing in' : mode === 'signIn' ? 'Welcome Back' : 'Create Account'}</h1>
          <p className="muted">{mode === 'signIn' ? 'Sign in to contact sellers and list your EV' : 'Join Voltmarket to buy, sell and rent electric vehicles'}</p>
        </div>

        {emailLink ? (
          <EmailLinkCompletion href={emailLink} onDone={() => setEmailLink(null)} />
        ) : (
          <>
            <GoogleButton onGoogle={google}>
              <GoogleMark /> Continue with Google
            </GoogleButton>
            <p className="divider">
              <span>or</span>
            </p>
            {mode === 'signIn' && (
              <div className="segmented" role="group" aria-label="Sign-in method">
                <button type="button" aria-pressed={method === 'password'} onClick={() => setMethod('password')}>
                  Password
                </button>
                <button type="button" aria-pressed={method === 'link'} onClick={() => setMethod('link')}>
                  Email Link
                </button>
              </div>
            )}
            {mode === 'signUp' ? <SignUpForm /> : method === 'password' ? <SignInForm /> : <EmailLinkForm redirect={redirect} />}
            <p className="auth-card__switch">
              {mode === 'signIn' ? "Don't have an account?" : 'Already have an account?'}{' '}
              <button type="button" className="btn btn--link" onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')}>
                {mode === 'signIn' ? 'Sign up' : 'Sign in'}
              </button>
            </p>
            <button type="button" className="btn btn--ghost btn--block" onClick={guest}>
              Continue as Guest
            </button>
          </>
        )}
        <p className="muted small">
          <Link to="/browse">Keep browsing without signing in</Link>
        </p>
      </div>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.4-4.7 7l7.3 5.7c4.3-3.9 7.1-9.8 7.1-17.2z" />
      <path fill="#FBBC05" d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.3-5.7c-2 1.4-4.7 2.3-8.6 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}
