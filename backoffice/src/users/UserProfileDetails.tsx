import { Link } from '@mui/material';
import { DefinitionList } from '../components/DefinitionList';
import type { AdminUser } from '../data/api-types';
import { formatDateTime, formatNumber, formatPhone } from '../lib/format';

/** Who the user is and how to reach them. */
export function UserProfileDetails({ user }: { user: AdminUser }) {
  return (
    <DefinitionList
      items={[
        ['First name', user.firstName || '—'],
        ['Last name', user.lastName || '—'],
        ['Email', user.email ? <Link href={`mailto:${user.email}`}>{user.email}</Link> : '—'],
        ['Phone', user.phone ? <Link href={`tel:${user.phone}`}>{formatPhone(user.phone)}</Link> : '—'],
        ['User ID', user.id],
        ['Joined', formatDateTime(user.createdAt)],
        ['Last updated', formatDateTime(user.updatedAt)],
        ['Listings', `${formatNumber(user.listingCount)} in all, ${formatNumber(user.activeListingCount)} active`],
      ]}
    />
  );
}
