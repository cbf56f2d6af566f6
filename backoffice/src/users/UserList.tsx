import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, Pagination, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LocaleDate } from '../components/LocaleDate';
import { LoadError } from '../components/LoadError';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import { ShowLink } from '../components/ShowLink';
import { ROLE_LABELS, RoleBadge } from '../components/RoleBadge';
import type { AdminUser } from '../data/api-types';
import { formatDate } from '../lib/format';
import { ExportUsersButton } from './ExportUsersButton';
import { ROLE_CHOICES } from './role-choices';

const Column = DataTable.Col<AdminUser>;
const NumberColumn = DataTable.NumberCol<AdminUser>;

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, email, phone" inputProps={{ 'aria-label': 'Search users' }} />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} alwaysOn />,
];

function UserListActions() {
  return (
    <TopToolbar>
      <ExportUsersButton />
    </TopToolbar>
  );
}

const noUsers = <NoMatches message="No users match these filters." />;

/** Everyone with an account, newest first, with their role and how many listings they have. */
export function UserList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Users"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={userFilters}
      actions={<UserListActions />}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No users yet">People appear here the first time they sign in.</EmptyState>}
      error={<LoadError what="the users" />}
    >
      <PageHeading>Users</PageHeading>
      {isSmall ? (
        <SimpleList<AdminUser>
          rowClick="show"
          primaryText={(u) => u.displayName}
          secondaryText={(u) => u.email ?? 'No email'}
          tertiaryText={(u) => `${ROLE_LABELS[u.role]} · joined ${formatDate(u.createdAt)}`}
          empty={noUsers}
        />
      ) : (
        <DataTable<AdminUser> rowClick="show" bulkActionButtons={false} empty={noUsers}>
          <Column source="lastName" label="Name" render={(u) => <ShowLink resource="users" id={u.id}>{u.displayName}</ShowLink>} />
          <Column source="id" label="ID" />
          <Column source="email" label="Email" render={(u) => u.email ?? '—'} />
          <Column source="createdAt" label="Joined" render={(u) => <LocaleDate iso={u.createdAt} />} />
          <Column source="role" label="Role" render={(u) => <RoleBadge role={u.role} />} />
          <NumberColumn source="listingCount" label="Listings" />
        </DataTable>
      )}
    </List>
  );
}
