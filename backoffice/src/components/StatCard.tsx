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

// A figure (₦103,000, 11,080) never breaks across lines. In a narrow large card (two to a phone's row) the
// icon moves above the label to leave the figure the card's width; in any card the figure's type shrinks
// until the figure fits its one line.
const NARROW_CARD = '@container (max-width: 230px)';
const PADDING = 32;
const GAP = 16;
const ICON = { large: 36, small: 24 } as const;
const FIGURE_SIZE = { h4: '2.125rem', h5: '1.5rem', h6: '1.25rem' } as const;
/** The widest a character of a bold figure runs, in em: digits and ₦ run about 0.6, commas far less. */
const EM_PER_CHARACTER = 0.62;

/** One dashboard figure, with a skeleton while it loads. */
export function StatCard({ label, value, icon, to, loading, size = 'large', format = formatNumber }: StatCardProps) {
  const iconRoom = icon ? ICON[size] + GAP : 0;
  const figure = value === undefined ? '' : format(value);
  const variant = size === 'large' ? (figure.length > 7 ? 'h5' : 'h4') : 'h6';
  const content = (
    <CardContent
      sx={{
        display: 'flex', alignItems: 'center', gap: `${GAP}px`, py: size === 'large' ? 2.5 : 1.5,
        '--figure-room': `calc(100cqi - ${PADDING + iconRoom}px)`,
        ...(size === 'large' && { [NARROW_CARD]: { flexDirection: 'column', alignItems: 'flex-start', gap: 1, '--figure-room': `calc(100cqi - ${PADDING}px)` } }),
      }}
    >
      {icon && <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: ICON[size] } }} aria-hidden>{icon}</Box>}
      <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
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
            variant={variant}
            sx={{
              fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums',
              fontSize: `min(${FIGURE_SIZE[variant]}, calc(var(--figure-room) / ${(figure.length * EM_PER_CHARACTER).toFixed(2)}))`,
            }}
          >
            {figure}
          </Typography>
        )}
      </Box>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%', containerType: 'inline-size' }}>
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
