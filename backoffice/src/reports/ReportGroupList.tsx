import { Chip, Stack, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, Pagination, SelectInput, SimpleList } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import type { ReportGroup } from '../data/api-types';
import { formatDate } from '../lib/format';
import { REASON_LABELS } from './report-labels';

const Column = DataTable.Col<ReportGroup>;
const filters = [
  <SelectInput key="status" source="status" alwaysOn choices={[{ id: 'open', name: 'Open' }, { id: 'closed', name: 'Decided' }]} />,
  <SelectInput key="target" source="target" alwaysOn emptyText="Listings and people" choices={[{ id: 'listing', name: 'Listings' }, { id: 'user', name: 'People' }]} />,
];
const reasons = (g: ReportGroup) => g.reasons.map((r) => REASON_LABELS[r]).join(', ');

/** Reported listings and people, one row per target, the longest waiting first. */
export function ReportGroupList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Reports"
      sort={{ field: 'oldestAt', order: 'ASC' }}
      filterDefaultValues={{ status: 'open' }}
      filters={filters}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No reports">Reports from members about listings and people appear here, grouped by what they are about.</EmptyState>}
      error={<LoadError what="the reports" />}
    >
      <PageHeading>Reports</PageHeading>
      {isSmall ? (
        <SimpleList<ReportGroup>
          rowClick="show"
          primaryText={(g) => `${g.target === 'listing' ? 'Listing' : 'Person'}: ${g.label}`}
          secondaryText={(g) => `${g.openCount} open · ${reasons(g)}`}
          tertiaryText={(g) => formatDate(g.oldestAt)}
          empty={<NoMatches message="No reports match these filters." />}
        />
      ) : (
        <DataTable<ReportGroup> rowClick="show" bulkActionButtons={false} empty={<NoMatches message="No reports match these filters." />}>
          <Column label="About" disableSort render={(g) => (
            <Stack direction="row" spacing={1} alignItems="center">
              <Chip size="small" label={g.target === 'listing' ? 'Listing' : 'Person'} />
              <span style={{ overflowWrap: 'anywhere' }}>{g.label}</span>
            </Stack>
          )} />
          <Column label="Reasons" disableSort render={reasons} />
          <Column label="Open" disableSort render={(g) => g.openCount} />
          <Column label="Now" disableSort render={(g) => g.targetStatus} />
          <Column source="oldestAt" label="Waiting since" render={(g) => <LocaleDate iso={g.oldestAt} />} />
        </DataTable>
      )}
    </List>
  );
}
