import { Button, Card, CardContent, CardHeader, List, Skeleton, Stack } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { LinkBase } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { formatNumber } from '../lib/format';

interface LatestCardProps {
  title: string;
  /** Where every matching record is listed, and the link's words ("All payments"). */
  listUrl: string;
  listLabel: string;
  total: number | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  what: string;
  empty: { title: string; text: string };
  children: ReactNode;
  hasItems: boolean;
}

/** A titled region with the newest few records of a filtered list, and a link to all of them. */
export function LatestCard({ title, listUrl, listLabel, total, isPending, error, onRetry, what, empty, children, hasItems }: LatestCardProps) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <CardHeader
        title={title}
        subheader={total !== undefined && total > 0 ? `${formatNumber(total)} in all` : undefined}
        slotProps={{ title: { id, component: 'h2', variant: 'h6' } }}
        // The link goes under the title when the card is narrow, never cut off at its edge.
        sx={{ flexWrap: 'wrap', rowGap: 0.5, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
        action={
          <Button component={LinkBase} to={listUrl} size="small">
            {listLabel}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Stack spacing={1}>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={48} />
            ))}
          </Stack>
        ) : error ? (
          <LoadError what={what} error={error} onRetry={onRetry} />
        ) : !hasItems ? (
          <EmptyState title={empty.title}>{empty.text}</EmptyState>
        ) : (
          <List disablePadding>{children}</List>
        )}
      </CardContent>
    </Card>
  );
}
