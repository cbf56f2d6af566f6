import { Alert, Box, Typography } from '@mui/material';
import { Edit, Loading, required, SaveButton, SelectInput, SimpleForm, Toolbar, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { LoadError } from '../components/LoadError';
import type { AdminUser, AdminUserUpdate } from '../data/api-types';
import { ROLE_CHOICES } from './role-choices';

function RoleForm() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  const locked = user.isBootstrapStaff;
  return (
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton label="Save role" disabled={locked} />
        </Toolbar>
      }
    >
      <Typography variant="h6" component="h1">
        Role of {user.displayName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {user.email ?? user.id}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 2, color: 'text.secondary', typography: 'body2' }}>
        <li>
          <strong>User</strong>: buys, sells and rents on the storefront; no backoffice access.
        </li>
        <li>
          <strong>Support</strong>: opens the backoffice; approves, rejects and edits listings, and sees users and the audit log.
        </li>
        <li>
          <strong>Administrator</strong>: everything support does, plus deleting listings and changing roles.
        </li>
      </Box>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This account is staff through the server configuration (ADMIN_EMAILS or SUPPORT_EMAILS), so its role cannot be changed here.
        </Alert>
      )}
      <SelectInput source="role" label="Role" choices={ROLE_CHOICES} validate={required()} disabled={locked} />
    </SimpleForm>
  );
}

const toRoleUpdate = (user: AdminUser): AdminUserUpdate => ({ role: user.role });

/** Administrators change a user's role. The server refuses (409) to remove the last administrator. */
export function UserEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<AdminUser>
      loading={<Loading />}
      title="Change role"
      mutationMode="pessimistic"
      transform={toRoleUpdate}
      mutationOptions={{
        onSuccess: (user: AdminUser) => {
          notify(`Role Updated: ${user.displayName} is now ${ROLE_CHOICES.find((r) => r.id === user.role)?.name ?? user.role}.`, { type: 'success' });
          redirect('show', 'users', user.id);
        },
        onError: (error: unknown) =>
          notify(`Role Change Failed: ${error instanceof Error && error.message ? error.message : 'Failed to change the role. Please try again.'}`, { type: 'error' }),
      }}
      error={<LoadError what="this user" />}
    >
      <RoleForm />
    </Edit>
  );
}
