import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Show, TopToolbar, useRecordContext } from 'react-admin';
import { ShowLink } from '../components/ShowLink';
import { LoadError } from '../components/LoadError';
import type { AdminContactMessage } from '../data/api-types';
import { formatDateTime } from '../lib/format';
import { ContactStatusChip } from './ContactMessageList';
import { HandleContactMessageButton } from './HandleContactMessageButton';
import { TOPIC_LABELS } from './topics';

function ContactMessageDetails() {
  const m = useRecordContext<AdminContactMessage>();
  if (!m) return null;
  const rows: [string, ReactNode][] = [
    ['From', `${m.name} <${m.email}>`],
    ['Account', m.userId ? <ShowLink resource="users" id={m.userId}>{m.userId}</ShowLink> : 'A visitor (not signed in)'],
    ['Topic', TOPIC_LABELS[m.topic]],
    ['Listing', m.listingId ? <ShowLink resource="vehicles" id={m.listingId}>#{m.listingId}</ShowLink> : 'None given'],
    ['Sent', formatDateTime(m.createdAt)],
  ];
  if (m.handledAt) rows.push(['Handled', `${formatDateTime(m.handledAt)} by ${m.handledByEmail ?? m.handledBy ?? 'a former staff member'}`]);
  if (m.note) rows.push(['Note', m.note]);
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} alignItems="center"><ContactStatusChip message={m} /><Typography variant="body2">#{m.id}</Typography></Stack>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{m.message}</Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, m: 0 }}>
            {rows.map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">{term}</Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value}</Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">Answer by email to {m.email}, then mark the message handled.</Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One Contact Us message with who sent it, about what, and Mark handled. */
export function ContactMessageShow() {
  return (
    <Show title="Contact message" actions={<TopToolbar><HandleContactMessageButton /></TopToolbar>} error={<LoadError what="the message" />}>
      <ContactMessageDetails />
    </Show>
  );
}
