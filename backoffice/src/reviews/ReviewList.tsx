import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BooleanInput, DataTable, List, Pagination, SearchInput, SimpleList } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import type { AdminReview } from '../data/api-types';
import { formatDate } from '../lib/format';
import { ModerateReviewButton } from './ModerateReviewButton';

const Column = DataTable.Col<AdminReview>;
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);
const noMatches = <NoMatches message="No reviews match these filters." />;

const reviewFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search words" inputProps={{ 'aria-label': 'Search review words' }} />,
  <BooleanInput key="hidden" source="hidden" label="Hidden only" alwaysOn />,
];

export function ReviewStateChip({ review }: { review: AdminReview }) {
  if (review.hidden) return <Chip size="small" label="Hidden" sx={{ bgcolor: '#fde3e0', color: '#7a1a12', fontWeight: 600 }} />;
  if (!review.published) return <Chip size="small" label="Waiting (double-blind)" sx={{ bgcolor: '#fff1c2', color: '#5c3d00', fontWeight: 600 }} />;
  return <Chip size="small" label="Published" sx={{ bgcolor: '#dff3e8', color: '#0b3d2c', fontWeight: 600 }} />;
}

/** Every review, newest first: who said what of whom, where it stands, and Hide or Show again. */
export function ReviewList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Reviews"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={reviewFilters}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No reviews yet">Reviews appear here as renters, owners and buyers write them.</EmptyState>}
      error={<LoadError what="the reviews" />}
    >
      <PageHeading>Reviews</PageHeading>
      {isSmall ? (
        <SimpleList<AdminReview>
          rowClick="show"
          primaryText={(r) => `${stars(r.rating)} ${r.title}`}
          secondaryText={(r) => `${r.reviewer.name} on ${r.reviewee.name} · ${formatDate(r.createdAt)}`}
          tertiaryText={(r) => (r.hidden ? 'Hidden' : r.published ? 'Published' : 'Waiting')}
          empty={noMatches}
        />
      ) : (
        <DataTable<AdminReview> rowClick="show" bulkActionButtons={false} empty={noMatches}>
          <Column label="Rating" disableSort render={(r) => <Box component="span" sx={{ color: '#8a5a00', whiteSpace: 'nowrap' }} aria-label={`${r.rating} out of 5`}>{stars(r.rating)}</Box>} />
          <Column label="Review" disableSort render={(r) => (
            <Box sx={{ maxWidth: 420 }}>
              <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>{r.title}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{r.comment}</Typography>
            </Box>
          )} />
          <Column label="By" disableSort render={(r) => r.reviewer.name} />
          <Column label="About" disableSort render={(r) => r.reviewee.name} />
          <Column label="Vehicle" disableSort render={(r) => r.vehicle.title} />
          <Column label="State" disableSort render={(r) => <ReviewStateChip review={r} />} />
          <Column source="createdAt" label="Written" render={(r) => <LocaleDate iso={r.createdAt} />} />
          <Column label="Actions" disableSort field={ModerateReviewButton} />
        </DataTable>
      )}
    </List>
  );
}
