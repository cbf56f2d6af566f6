import { Button, Card, CardContent, CardHeader, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack } from '@mui/material';
import { LinkBase, useCreatePath, useGetList } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import type { AuditEntry } from '../data/api-types';
import { describeAuditEntry } from '../lib/audit-actions';
import { formatDateTime, formatRelative } from '../lib/format';

const NEWEST_TEN = { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' as const } };

/** The ten newest entries of the audit log: who did what to which record, and when. */
export function RecentActivityCard() {
  const createPath = useCreatePath();
  const { data, isPending, error, refetch } = useGetList<AuditEntry>('audit-log', NEWEST_TEN);
  return (
    <Card variant="outlined" component="section" aria-labelledby="recent-activity-title">
      <CardHeader
        title="Recent Activity"
        slotProps={{ title: { id: 'recent-activity-title', component: 'h2', variant: 'h6' } }}
        action={
          <Button component={LinkBase} to={createPath({ resource: 'audit-log', type: 'list' })} size="small">
            Full audit log
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Stack spacing={1}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={44} />
            ))}
          </Stack>
        ) : error ? (
          <LoadError what="the recent activity" error={error} onRetry={() => void refetch()} />
        ) : !data?.length ? (
          <EmptyState title="No activity yet">Approvals, rejections, edits, deletions and role changes will appear here.</EmptyState>
        ) : (
          <List disablePadding>
            {data.map((entry) => (
              <ListItem key={entry.id} disablePadding>
                <ListItemButton component={LinkBase} to={createPath({ resource: 'audit-log', type: 'show', id: entry.id })} sx={{ borderRadius: 2 }}>
                  <ListItemText
                    primary={describeAuditEntry(entry)}
                    secondary={
                      <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
                        {formatRelative(entry.createdAt)}
                      </time>
                    }
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
