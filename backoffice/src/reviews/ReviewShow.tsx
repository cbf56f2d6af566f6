import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext } from 'react-admin';
import { LoadError } from '../components/LoadError';
import type { AdminReview } from '../data/api-types';
import { formatDateTime } from '../lib/format';
import { ModerateReviewButton } from './ModerateReviewButton';
import { ReviewStateChip } from './ReviewList';

const ROLE: Record<AdminReview['revieweeRole'], string> = { seller: 'as a seller', owner: 'as a rental owner', renter: 'as a renter' };

function ReviewDetails() {
  const r = useRecordContext<AdminReview>();
  if (!r) return null;
  const rows: [string, string][] = [
    ['By', `${r.reviewer.name}${r.reviewerEmail ? ` <${r.reviewerEmail}>` : ''}`],
    ['About', `${r.reviewee.name}${r.revieweeEmail ? ` <${r.revieweeEmail}>` : ''}, ${ROLE[r.revieweeRole]}`],
    ['Vehicle', r.vehicle.title],
    ['From', r.kind === 'rental' ? `Booking #${r.bookingId ?? ''}` : 'A conversation the seller answered'],
    ['Written', formatDateTime(r.createdAt)],
    ['Published', r.publishedAt ? formatDateTime(r.publishedAt) : 'Not yet (waiting for the other side, or the 14 days)'],
  ];
  if (r.hidden) rows.push(['Hidden', `${r.hiddenAt ? formatDateTime(r.hiddenAt) : ''}: ${r.hiddenReason ?? ''}`]);
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography component="span" sx={{ color: '#8a5a00' }} aria-label={`${r.rating} out of 5`}>{'★'.repeat(r.rating)}{'☆'.repeat(5 - r.rating)}</Typography>
            <ReviewStateChip review={r} />
          </Stack>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>{r.title}</Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.comment}</Typography>
          {r.reply && (
            <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
              <Typography variant="body2" fontWeight={600}>Reply from {r.reviewee.name}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.reply}</Typography>
            </Box>
          )}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, m: 0 }}>
            {rows.map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">{term}</Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{value}</Typography>
              </Box>
            ))}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One review with everything staff need to decide, and Hide or Show again. */
export function ReviewShow() {
  return (
    <Show title="Review" actions={<TopToolbar><ModerateReviewButton /></TopToolbar>} error={<LoadError what="the review" />}>
      <ReviewDetails />
    </Show>
  );
}
