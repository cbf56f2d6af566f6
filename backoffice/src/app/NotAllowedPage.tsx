import { Button } from '@mui/material';
import { LinkBase, useBasename } from 'react-admin';
import { EmptyState } from '../components/EmptyState';

/** A staff member reached a screen their role does not include (support opening a role change, say). */
export function NotAllowedPage() {
  const basename = useBasename();
  return (
    <EmptyState
      title="Administrators only"
      action={
        <Button component={LinkBase} to={basename || '/'} variant="contained">
          Back to the dashboard
        </Button>
      }
    >
      Your staff role does not include this. Ask an administrator if you need it.
    </EmptyState>
  );
}
