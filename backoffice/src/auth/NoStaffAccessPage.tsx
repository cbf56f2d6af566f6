import { Button, Typography } from '@mui/material';
import { useGetIdentity, useLogout } from 'react-admin';
import { AuthPageFrame } from './AuthPageFrame';

/** A signed-in person without a staff role: say who they are signed in as and offer a way out. */
export function NoStaffAccessPage() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  // A storefront guest (anonymous sign-in) has neither a name nor an email to show.
  const account = identity?.isAnonymous ? 'a guest' : typeof identity?.email === 'string' && identity.email ? identity.email : identity?.fullName;
  return (
    <AuthPageFrame eyebrow="Voltmarket Backoffice" title="Access Denied">
      <Typography sx={{ mb: 1 }}>Please sign in to access the admin dashboard</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {account ? (
          <>
            You are signed in as <strong>{account}</strong>, which has no staff access.
          </>
        ) : (
          'The account you are signed in with has no staff access.'
        )}
      </Typography>
      <Button variant="contained" fullWidth size="large" onClick={() => logout()}>
        Sign in with another account
      </Button>
    </AuthPageFrame>
  );
}
