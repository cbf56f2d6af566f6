import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, Pagination, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import type { AdminDealerRequest } from '../data/api-types';
import { formatDate } from '../lib/format';
import { DecideDealerButtons } from './DecideDealerButtons';

const Column = DataTable.Col<AdminDealerRequest>;
const noMatches = <NoMatches message="No dealer requests match these filters." />;
const STATUS = { pending: 'Waiting', verified: 'Verified', rejected: 'Rejected' } as const;
const COLOURS = { pending: ['#fff1c2', '#5c3d00'], verified: ['#dff3e8', '#0b3d2c'], rejected: ['#fde3e0', '#7a1a12'] } as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Business, CAC number, name or email" inputProps={{ 'aria-label': 'Search dealer requests' }} />,
  <SelectInput key="status" source="status" label="Status" alwaysOn emptyText="Any" choices={Object.entries(STATUS).map(([id, name]) => ({ id, name }))} />,
];

export function DealerStatusChip({ request }: { request: AdminDealerRequest }) {
  const [bg, fg] = COLOURS[request.status];
  return <Chip size="small" label={STATUS[request.status]} sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
}

/** Sellers asking for the verified dealer badge: the waiting ones, oldest first, with Verify and Reject. */
export function DealerRequestList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Dealer requests"
      sort={{ field: 'submittedAt', order: 'ASC' }}
      filterDefaultValues={{ status: 'pending' }}
      perPage={25}
      filters={filters}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No dealer requests yet">Sellers ask from their profile with their business name and CAC number.</EmptyState>}
      error={<LoadError what="the dealer requests" />}
    >
      <PageHeading>Dealer requests</PageHeading>
      {isSmall ? (
        <SimpleList<AdminDealerRequest>
          primaryText={(r) => r.businessName}
          secondaryText={(r) => `${r.cacNumber} · ${r.name} · ${formatDate(r.submittedAt)}`}
          tertiaryText={(r) => STATUS[r.status]}
          linkType={false}
          empty={noMatches}
        />
      ) : (
        <DataTable<AdminDealerRequest> rowClick={false} bulkActionButtons={false} empty={noMatches}>
          <Column label="Business" disableSort render={(r) => r.businessName} />
          <Column label="CAC number" disableSort render={(r) => r.cacNumber} />
          <Column label="Seller" disableSort render={(r) => `${r.name}${r.email ? ` (${r.email})` : ''}${r.phoneVerified ? ' · phone verified' : ''}`} />
          <Column source="submittedAt" label="Sent" render={(r) => <LocaleDate iso={r.submittedAt} />} />
          <Column label="Status" disableSort render={(r) => <><DealerStatusChip request={r} />{r.rejectionReason ? ` ${r.rejectionReason}` : ''}</>} />
          <Column label="Actions" disableSort field={DecideDealerButtons} />
        </DataTable>
      )}
    </List>
  );
}
