import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase } from 'react-admin';
import { formatNumber } from '../lib/format';
import { visuallyHidden } from '../lib/visually-hidden';

interface StatCardProps {
  label: string;
  value: number | undefined;
  icon?: ReactNode;
  /** Where the figure's records are listed, if anywhere. */
  to?: string;
  loading?: boolean;
  size?: 'large' | 'small';
  /** How to write the figure: a count (the default) or money. */
  format?: (value: number) => string;
}

/** One dashboard figure, with a skeleton while it loads. */
export function StatCard({ label, value, icon, to, loading, size = 'large', format = formatNumber }: StatCardProps) {
  const content = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, py: size === 'large' ? 2.5 : 1.5 }}>
      {icon && <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: size === 'large' ? 36 : 24 } }} aria-hidden>{icon}</Box>}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" component="p">
          {label}
        </Typography>
        {loading || value === undefined ? (
          <>
            <Skeleton variant="text" width={size === 'large' ? 80 : 56} sx={{ fontSize: size === 'large' ? '2rem' : '1.25rem' }} aria-hidden />
            <Box component="span" sx={visuallyHidden}>
              Loading
            </Box>
          </>
        ) : (
          <Typography
            component="p"
            variant={size === 'large' ? (format(value).length > 7 ? 'h5' : 'h4') : 'h6'}
            // Long money figures (₦1,234,000) get a size smaller and may wrap, never cut off.
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {format(value)}
          </Typography>
        )}
      </Box>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={LinkBase} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
