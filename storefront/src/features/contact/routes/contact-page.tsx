import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../auth/api/sync-user';
import { useSession } from '../../auth/session';
import { sendContactMessage } from '../api/send-contact-message';
import { ContactForm } from '../components/contact-form';

/** Contact Us: a message to Voltmarket's staff, for visitors and members. */
export function Component() {
  usePageTitle('Contact Us');
  const [params] = useSearchParams();
  const { status, user } = useSession();
  const me = useCurrentUser();
  const email = user && !user.isAnonymous ? (me.data?.email ?? user.email) : null;
  const name = me.data ? [me.data.firstName, me.data.lastName].filter(Boolean).join(' ') || (me.data.displayName ?? '') : (user?.displayName ?? '');
  const waiting = status === 'loading' || (!!user && !user.isAnonymous && me.isPending);
  return (
    <div className="page page--narrow">
      <div className="page-head prose">
        <h1>Contact Us</h1>
        <p className="lead">Questions, problems with a listing, a payment or a rental, or a request about your data: our support team reads every message.</p>
        <p className="muted">
          Many answers are already in the <Link to="/help">Help Center</Link>. To report a scam, choose &quot;Report a problem&quot; and paste the listing&apos;s link.
        </p>
      </div>
      {waiting ? (
        <div className="card" aria-busy="true" style={{ minHeight: 480 }} />
      ) : (
        <ContactForm
          key={email ?? 'visitor'}
          account={email ? { name, email } : null}
          initialTopic={params.get('topic')}
          initialListing={params.get('listing')}
          send={sendContactMessage}
        />
      )}
    </div>
  );
}
