import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { brand } from '../app/theme';

/** The full-page frame of the sign-in and access-denied pages, outside the admin layout. */
export function AuthPageFrame({ eyebrow, title, children }: { eyebrow?: string; title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, background: `linear-gradient(160deg, ${brand.green900}, ${brand.green700})` }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          {eyebrow && (
            <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: 1 }}>
              {eyebrow}
            </Typography>
          )}
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
            {title}
          </Typography>
          {children}
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link href="/">Back to the Voltmarket storefront</Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
