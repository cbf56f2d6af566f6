import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { useCurrentUser } from '../../auth/api/sync-user';

/** A suspended account is told why and until when on every page, and where to ask about it. */
export function SuspensionBanner() {
  const me = useCurrentUser();
  const suspension = me.data?.suspension;
  if (!suspension) return null;
  return (
    <div className="notice notice--danger suspension-banner" role="alert" data-testid="suspension-banner">
      <p>
        <strong>Your account is suspended {suspension.until ? `until ${formatDate(suspension.until)}` : 'until further notice'}.</strong>{' '}
        <span className="user-text">Reason: {suspension.reason}</span> Your listings are hidden and you cannot list, write or pay until then.{' '}
        <Link to="/contact">Contact us</Link>
      </p>
    </div>
  );
}
