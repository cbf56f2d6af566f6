import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, Pagination, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import { ShowLink } from '../components/ShowLink';
import type { AdminContactMessage } from '../data/api-types';
import { formatDate } from '../lib/format';
import { HandleContactMessageButton } from './HandleContactMessageButton';
import { TOPIC_LABELS, statusChoices, topicChoices } from './topics';

const Column = DataTable.Col<AdminContactMessage>;
const noMatches = <NoMatches message="No messages match these filters." />;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, email or words" inputProps={{ 'aria-label': 'Search contact messages' }} />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn emptyText="Any" />,
  <SelectInput key="topic" source="topic" label="Topic" choices={topicChoices} alwaysOn emptyText="Any" />,
];

export function ContactStatusChip({ message }: { message: AdminContactMessage }) {
  return message.status === 'open'
    ? <Chip size="small" label="Open" sx={{ bgcolor: '#fff1c2', color: '#5c3d00', fontWeight: 600 }} />
    : <Chip size="small" label="Handled" sx={{ bgcolor: '#dff3e8', color: '#0b3d2c', fontWeight: 600 }} />;
}

/** Contact Us messages: open ones first, newest first; filter by status and topic; Mark handled. */
export function ContactMessageList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Contact messages"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No messages yet">Messages people send through Contact Us appear here.</EmptyState>}
      error={<LoadError what="the contact messages" />}
    >
      <PageHeading>Contact messages</PageHeading>
      {isSmall ? (
        <SimpleList<AdminContactMessage>
          rowClick="show"
          primaryText={(m) => `${TOPIC_LABELS[m.topic]}: ${m.message.slice(0, 80)}`}
          secondaryText={(m) => `${m.name} <${m.email}> · ${formatDate(m.createdAt)}`}
          tertiaryText={(m) => (m.status === 'open' ? 'Open' : 'Handled')}
          empty={noMatches}
        />
      ) : (
        <DataTable<AdminContactMessage> rowClick="show" bulkActionButtons={false} empty={noMatches}>
          <Column label="#" disableSort render={(m) => <ShowLink resource="contact-messages" id={m.id}>#{m.id}</ShowLink>} />
          <Column label="Status" disableSort render={(m) => <ContactStatusChip message={m} />} />
          <Column label="Topic" disableSort render={(m) => TOPIC_LABELS[m.topic]} />
          <Column label="From" disableSort render={(m) => (
            <Box sx={{ maxWidth: 240 }}>
              <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>{m.name}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{m.email}{m.userId ? '' : ' (visitor)'}</Typography>
            </Box>
          )} />
          <Column label="Message" disableSort render={(m) => (
            <Typography variant="body2" sx={{ maxWidth: 420, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{m.message}</Typography>
          )} />
          <Column source="createdAt" label="Sent" render={(m) => <LocaleDate iso={m.createdAt} />} />
          <Column label="Actions" disableSort field={HandleContactMessageButton} />
        </DataTable>
      )}
    </List>
  );
}
