import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, FilterButton, List, Pagination, SimpleList, TopToolbar } from 'react-admin';
import { CreateLinkButton } from '../components/CreateLinkButton';
import { EmailText } from '../components/EmailText';
import { EmptyState } from '../components/EmptyState';
import { ListingCell } from '../components/ListingCell';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { NairaField } from '../components/NairaField';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import { PersonCell } from '../components/PersonCell';
import { ShowLink } from '../components/ShowLink';
import type { AdminRental } from '../data/api-types';
import { formatNaira } from '../lib/format';
import { RentalActionButtons } from './RentalActionButtons';
import { RentalFigures } from './RentalFigures';
import { rentalFilters } from './rental-filters';
import { dayCount, formatRentalDays } from './rental-dates';
import { RENTAL_STATUS_LABELS } from './rental-status';
import { RentalStatusBadge } from './RentalStatusBadge';

const Column = DataTable.Col<AdminRental>;
const NumberColumn = DataTable.NumberCol<AdminRental>;

function RentalListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateLinkButton resource="rental-vehicles" label="Create Rental Vehicle" />
    </TopToolbar>
  );
}

const noMatches = <NoMatches message="No bookings match these filters." />;

const RowActions = () => <RentalActionButtons compact />;

function RentalTable() {
  return (
    <DataTable<AdminRental> rowClick="show" bulkActionButtons={false} empty={noMatches} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
      <Column source="id" label="Booking" render={(r) => <ShowLink resource="rentals" id={r.id}>#{r.id}</ShowLink>} />
      <Column label="Vehicle" disableSort render={(r) => <ListingCell id={r.vehicle.id} title={r.vehicle.title} />} />
      <Column label="Renter" disableSort render={(r) => <PersonCell person={r.renter} />} />
      <Column label="Owner" disableSort render={(r) => <PersonCell person={r.owner} />} />
      <Column source="startDate" label="Pick-up → return" render={(r) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatRentalDays(r.startDate, r.endDate)}</Box>} />
      <NumberColumn source="days" label="Days" disableSort />
      <Column source="totalPrice" label="Total" align="right" field={NairaField} />
      <Column source="status" label="Status" render={(r) => <RentalStatusBadge status={r.status} />} />
      <Column source="createdAt" label="Requested" render={(r) => <LocaleDate iso={r.createdAt} />} />
      <Column label="Actions" disableSort field={RowActions} />
    </DataTable>
  );
}

/** The rental counters, then every booking, newest first, with the moves each allows now. */
export function RentalList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 2, minWidth: 0 }}>
      <PageHeading>Rentals</PageHeading>
      <RentalFigures />
      <List
        title="Rentals"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={rentalFilters(isSmall)}
        actions={<RentalListActions />}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        empty={
          <EmptyState title="No bookings yet" action={<CreateLinkButton resource="rental-vehicles" label="Create Rental Vehicle" variant="contained" />}>
            Bookings appear here as soon as a renter asks for a rental vehicle.
          </EmptyState>
        }
        error={<LoadError what="the bookings" />}
        sx={{ minWidth: 0 }}
      >
        {isSmall ? (
          <SimpleList<AdminRental>
            rowClick="show"
            primaryText={(r) => `#${r.id} · ${r.vehicle.title}`}
            secondaryText={(r) => (
              <>
                {r.renter.email ? <EmailText email={r.renter.email} /> : r.renter.name} · {formatRentalDays(r.startDate, r.endDate)} ({dayCount(r.days)})
              </>
            )}
            tertiaryText={(r) => `${RENTAL_STATUS_LABELS[r.status] ?? r.status} · ${formatNaira(r.totalPrice)}`}
            empty={noMatches}
          />
        ) : (
          <RentalTable />
        )}
      </List>
    </Box>
  );
}
