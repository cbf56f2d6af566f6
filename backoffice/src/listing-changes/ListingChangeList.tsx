import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, Pagination, SelectInput, SimpleList } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import type { ListingChange } from '../data/api-types';
import { formatDate } from '../lib/format';
import { fieldLabel } from './change-fields';
import { DecideChangeButtons } from './DecideChangeButtons';

const Column = DataTable.Col<ListingChange>;
const STATUS: Record<ListingChange['status'], string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected', withdrawn: 'Withdrawn by seller' };
const fields = (c: ListingChange) => Object.keys(c.changes).map(fieldLabel).join(', ');

const filters = [
  <SelectInput key="status" source="status" alwaysOn emptyText="Any" choices={Object.entries(STATUS).map(([id, name]) => ({ id, name }))} />,
];

/** Sellers' changes to live listings, the longest waiting first: buyers see the approved version until a decision. */
export function ListingChangeList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Listing changes"
      sort={{ field: 'submittedAt', order: 'ASC' }}
      filterDefaultValues={{ status: 'pending' }}
      filters={filters}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No changes waiting">When a seller changes the title, photos, price (by more than a fifth) or other details of a live listing, the change waits here.</EmptyState>}
      error={<LoadError what="the listing changes" />}
    >
      <PageHeading>Listing changes</PageHeading>
      {isSmall ? (
        <SimpleList<ListingChange>
          rowClick="show"
          primaryText={(c) => c.listingTitle}
          secondaryText={(c) => `${fields(c)} · ${c.sellerName}`}
          tertiaryText={(c) => formatDate(c.submittedAt)}
          empty={<NoMatches message="No changes match these filters." />}
        />
      ) : (
        <DataTable<ListingChange> rowClick="show" bulkActionButtons={false} empty={<NoMatches message="No changes match these filters." />}>
          <Column label="Listing" disableSort render={(c) => c.listingTitle} />
          <Column label="Changed" disableSort render={fields} />
          <Column label="Seller" disableSort render={(c) => c.sellerName} />
          <Column label="State" disableSort render={(c) => (
            <>
              <Chip size="small" label={STATUS[c.status]} />{' '}
              {c.flags.length > 0 && <Chip size="small" label="Flagged" sx={{ bgcolor: '#fde3e0', color: '#7a1a12', fontWeight: 600 }} />}
            </>
          )} />
          <Column source="submittedAt" label="Sent" render={(c) => <LocaleDate iso={c.submittedAt} />} />
          <Column label="Actions" disableSort field={DecideChangeButtons} />
        </DataTable>
      )}
    </List>
  );
}
