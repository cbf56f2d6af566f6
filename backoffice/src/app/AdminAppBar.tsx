import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Button, Typography } from '@mui/material';
import { AppBar, Logout, TitlePortal, UserMenu } from 'react-admin';

/** Product name, the current page's title, a way back to the storefront, and the user menu with logout. */
export function AdminAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <Logout />
        </UserMenu>
      }
    >
      <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700, mr: 2, minWidth: 0 }}>
        Voltmarket
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {' '}
          Backoffice
        </Box>
      </Typography>
      <TitlePortal variant="body1" sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.85 }} />
      <Box sx={{ flex: { xs: 1, md: 0 } }} />
      <Button color="inherit" href="/" startIcon={<StorefrontIcon />} sx={{ whiteSpace: 'nowrap' }} aria-label="Open the storefront">
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Storefront
        </Box>
      </Button>
    </AppBar>
  );
}
