import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout, Loading, usePermissions } from 'react-admin';
import { NoStaffAccessPage } from '../auth/NoStaffAccessPage';
import type { StaffPermissions } from '../auth/permissions';
import { LoadError } from '../components/LoadError';
import { AdminAppBar } from './AdminAppBar';
import { AdminMenu } from './AdminMenu';

// react-admin lets the page grow as wide as its widest table; keep the page to the screen and let
// wide tables scroll sideways inside their card, so the toolbars and menu stay in view.
const fitToScreen = {
  minWidth: 0,
  '& .RaLayout-content': { minWidth: 0 },
  '& .RaList-root, & .RaList-main': { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
} as const;

/**
 * The staff check gates the whole backoffice: a signed-in account without a staff role gets the
 * full-page Access Denied instead of the layout, so no screen ever asks the API for data it may not see.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { permissions, isPending, error, refetch } = usePermissions<StaffPermissions>();
  if (isPending) return <Loading loadingPrimary="Checking your staff access" loadingSecondary="One moment…" />;
  if (error) {
    return (
      <Box component="main" sx={{ maxWidth: 560, mx: 'auto', mt: 8 }}>
        <LoadError what="your staff access" error={error} onRetry={() => void refetch()} />
      </Box>
    );
  }
  if (!permissions?.role) return <NoStaffAccessPage />;
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu} sx={fitToScreen}>
      {children}
    </Layout>
  );
}
