import { Box, Stack, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, FilterButton, List, Pagination, SimpleList, TopToolbar } from 'react-admin';
import { PackageStatusChip, PaymentStatusChip } from '../components/AdvertisingStatusChips';
import { EmptyState } from '../components/EmptyState';
import { ListingCell } from '../components/ListingCell';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { NairaField } from '../components/NairaField';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import { PersonCell } from '../components/PersonCell';
import { ShowLink } from '../components/ShowLink';
import type { AdminAdvertisingPackage } from '../data/api-types';
import { PACKAGE_STATUS_LABELS } from '../lib/advertising-labels';
import { formatDate, formatNaira } from '../lib/format';
import { packageFilters } from './package-filters';

const Column = DataTable.Col<AdminAdvertisingPackage>;
const NumberColumn = DataTable.NumberCol<AdminAdvertisingPackage>;

function PackageListActions() {
  return (
    <TopToolbar>
      <FilterButton />
    </TopToolbar>
  );
}

const noMatches = <NoMatches message="No boosts match these filters." />;

const dateOrDash = (iso: string | null) => (iso ? <LocaleDate iso={iso} /> : '—');

function PackageTable() {
  return (
    <DataTable<AdminAdvertisingPackage> rowClick="show" bulkActionButtons={false} empty={noMatches} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
      <Column label="Package" disableSort render={(b) => <ShowLink resource="advertising-packages" id={b.id}>{b.packageName}</ShowLink>} />
      <Column label="Listing" disableSort render={(b) => <ListingCell id={b.vehicleId} title={b.vehicleTitle} />} />
      <Column label="Seller" disableSort render={(b) => <PersonCell person={b.seller} />} />
      <NumberColumn label="Tier" disableSort source="tier" />
      <Column source="price" label="Price" align="right" field={NairaField} />
      <Column label="Status" disableSort render={(b) => <PackageStatusChip status={b.status} />} />
      <Column source="createdAt" label="Bought" render={(b) => <LocaleDate iso={b.createdAt} />} />
      <Column source="startDate" label="Start" render={(b) => dateOrDash(b.startDate)} />
      <Column source="endDate" label="End" render={(b) => dateOrDash(b.endDate)} />
      <Column
        label="Payment"
        disableSort
        render={(b) => (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 120 }}>
            <ShowLink resource="payments" id={b.paymentId}>
              <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{b.reference}</Box>
            </ShowLink>
            <PaymentStatusChip status={b.paymentStatus} />
          </Stack>
        )}
      />
    </DataTable>
  );
}

/** Every boost bought, newest first: which listing, which package, and when it runs. */
export function PackageList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Boosts"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={packageFilters}
      actions={<PackageListActions />}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No boosts yet">Boosts appear here as soon as a seller picks a package for a listing.</EmptyState>}
      error={<LoadError what="the boosts" />}
    >
      <PageHeading>Boosts</PageHeading>
      {isSmall ? (
        <SimpleList<AdminAdvertisingPackage>
          rowClick="show"
          primaryText={(b) => `${b.packageName} · ${formatNaira(b.price)}`}
          secondaryText={(b) => `${b.vehicleTitle} · ${b.seller.name}`}
          tertiaryText={(b) => `${PACKAGE_STATUS_LABELS[b.status] ?? b.status}${b.endDate ? ` · ends ${formatDate(b.endDate)}` : ''}`}
          empty={noMatches}
        />
      ) : (
        <PackageTable />
      )}
    </List>
  );
}
