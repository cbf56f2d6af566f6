import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { EmailText } from '../../../components/unbroken';
import { checkEmailVerified, sendVerificationLink } from '../../auth/actions';
import { currentUserKey } from '../../auth/api/sync-user';
import { authErrorMessage } from '../../auth/auth-errors';
import { useSession } from '../../auth/session';
import { ALL_SAVED_SEARCHES } from '../api/get-saved-searches';
import { canEmail, type AlertEmail } from '../criteria';

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };

/**
 * Alert email goes only to a verified address: without one, say where alerts come instead and why,
 * so "Daily email digest" is not chosen in the belief that mail will come, and offer the link that
 * verifies it. Once the link is opened (here or on another device), the note goes by itself.
 */
export function EmailAlertNote({ email }: { email: AlertEmail }) {
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const verified = useVerifiedWhenBack(!canEmail(email) && email.address !== null);
  if (canEmail(email) || verified) return null;

  const send = async () => {
    setSending({ state: 'sending' });
    try {
      await sendVerificationLink('/profile?tab=saved-searches');
      setSending({ state: 'sent' });
    } catch (error) {
      setSending({ state: 'failed', message: authErrorMessage(error, 'We could not send the link. Please try again.') });
    }
  };

  return (
    <div className="notice notice--warning email-alert-note">
      <p>
        <span className="notice__title">Alerts come in the app only for now. </span>
        {email.address === null ? (
          <>Your account has no email address, </>
        ) : (
          <>
            Your email, <EmailText email={email.address} />, is not verified yet,{' '}
          </>
        )}
        and we email alerts only to a verified address. Until then, instant alerts come as notifications in the app, and their email and the daily or
        weekly digests are on hold: nothing is emailed. New matches still show under Profile → Saved searches.
      </p>
      {email.address !== null && (
        <div className="email-alert-note__verify" aria-live="polite">
          {sending.state === 'sent' ? (
            <p className="small">
              We sent a link to <EmailText email={email.address} />. Open it, then come back here: alert email starts once it is opened.
            </p>
          ) : (
            <button type="button" className="btn btn--outline btn--sm" disabled={sending.state === 'sending'} onClick={() => void send()}>
              {sending.state === 'sending' ? 'Sending…' : 'Verify my email'}
            </button>
          )}
          {sending.state === 'failed' && (
            <p className="small field-error" role="alert">
              {sending.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * While `waiting`, asks the identity provider whether the address has been verified whenever the
 * buyer comes back to the page; once it has, tells the server (the sync reads the fresh token) and
 * reloads the saved searches, which then say email reaches the buyer.
 */
function useVerifiedWhenBack(waiting: boolean): boolean {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [verified, setVerified] = useState(false);
  const check = useCallback(async () => {
    if (!user || !(await checkEmailVerified().catch(() => false))) return;
    setVerified(true);
    await queryClient.refetchQueries({ queryKey: currentUserKey(user.uid) });
    await queryClient.invalidateQueries({ queryKey: ALL_SAVED_SEARCHES });
  }, [queryClient, user]);

  useEffect(() => {
    if (!waiting || verified) return;
    void check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [waiting, verified, check]);
  return verified;
}
