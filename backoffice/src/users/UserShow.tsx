import { Alert, Stack, Typography } from '@mui/material';
import { EditButton, Loading, Show, TopToolbar, useRecordContext } from 'react-admin';
import { LoadError } from '../components/LoadError';
import { RecordTitle } from '../components/RecordTitle';
import { RoleBadge } from '../components/RoleBadge';
import { SectionCard } from '../components/SectionCard';
import type { AdminUser } from '../data/api-types';
import { UserListings } from './UserListings';
import { UserProfileDetails } from './UserProfileDetails';
import { SuspendUserPanel } from './SuspendUserPanel';

function UserProfile() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {user.displayName}
        </Typography>
        <RoleBadge role={user.role} size="medium" />
      </Stack>
      {user.isBootstrapStaff && (
        <Alert severity="info">This staff account is set in the server configuration (ADMIN_EMAILS or SUPPORT_EMAILS); its role cannot be lowered here.</Alert>
      )}
      <SectionCard title="Profile">
        <UserProfileDetails user={user} />
      </SectionCard>
      {user.role === 'user' && (
        <SectionCard title="Suspension">
          <SuspendUserPanel user={user} />
        </SectionCard>
      )}
      <SectionCard title="Listings">
        <UserListings />
      </SectionCard>
    </Stack>
  );
}

function UserShowActions() {
  // react-admin hides this for support staff: changing roles is for administrators.
  return (
    <TopToolbar>
      <EditButton label="Change role" />
    </TopToolbar>
  );
}

/** One user: profile, role, and every listing they have made. */
export function UserShow() {
  return (
    <Show loading={<Loading />} title={<RecordTitle prefix="User" field="displayName" />} actions={<UserShowActions />} error={<LoadError what="this user" />}>
      <UserProfile />
    </Show>
  );
}
