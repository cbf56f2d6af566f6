import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, FilterButton, List, Pagination, TopToolbar, usePermissions } from 'react-admin';
import { staffMayDo, type StaffPermissions } from '../auth/permissions';
import { EmptyState } from '../components/EmptyState';
import { ListingStatusBadge } from '../components/ListingStatusBadge';
import { LoadError } from '../components/LoadError';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import type { AdminRentalVehicle } from '../data/api-types';
import { AvailabilityToggle } from './AvailabilityToggle';
import { BookingCounts } from './BookingCounts';
import { RateCell } from './RateCell';
import { RentalVehicleCards } from './RentalVehicleCards';
import { RentalVehiclePhoto, RentalVehicleTitle } from './RentalVehicleCell';
import { rentalVehicleFilters } from './rental-vehicle-filters';

const Column = DataTable.Col<AdminRentalVehicle>;

function RentalVehicleListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      {/* Shown to administrators only (react-admin asks canAccess); the API refuses anyone else. */}
      <CreateButton label="Create Rental Vehicle" />
    </TopToolbar>
  );
}

const noMatches = <NoMatches message="No rental vehicles match these filters." />;

function RentalVehicleTable() {
  const { permissions } = usePermissions<StaffPermissions>();
  const readOnly = !staffMayDo(permissions, 'rental-settings', 'rental-vehicles');
  return (
    // Rows hold inputs, so a row is not a link; the title is.
    <DataTable<AdminRentalVehicle> rowClick={false} bulkActionButtons={false} empty={noMatches} sx={{ '& .MuiTableCell-root': { px: 1, verticalAlign: 'top' } }}>
      <Column label="Photo" disableSort render={(v) => <RentalVehiclePhoto vehicle={v} />} />
      <Column source="title" label="Vehicle" render={(v) => <RentalVehicleTitle vehicle={v} />} />
      <Column source="location" label="City" />
      <Column source="dailyRentalRate" label="Daily (₦)" render={(v) => <RateCell vehicle={v} field="dailyRentalRate" readOnly={readOnly} />} />
      <Column label="Weekly (₦)" disableSort render={(v) => <RateCell vehicle={v} field="weeklyRentalRate" readOnly={readOnly} />} />
      <Column label="Monthly (₦)" disableSort render={(v) => <RateCell vehicle={v} field="monthlyRentalRate" readOnly={readOnly} />} />
      <Column label="Availability" disableSort render={(v) => <AvailabilityToggle vehicle={v} readOnly={readOnly} />} />
      <Column label="Bookings" disableSort render={(v) => <BookingCounts vehicle={v} />} />
      <Column label="Listing" disableSort render={(v) => <ListingStatusBadge status={v.status} />} />
    </DataTable>
  );
}

/** Every vehicle offered for rent, a page at a time: rates edited in place and availability switched per row. */
export function RentalVehicleList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Rental vehicles"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={rentalVehicleFilters}
      actions={<RentalVehicleListActions />}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={
        <EmptyState title="No rental vehicles yet" action={<CreateButton label="Create Rental Vehicle" variant="contained" />}>
          A listing becomes a rental vehicle once it has a daily rate.
        </EmptyState>
      }
      error={<LoadError what="the rental vehicles" />}
    >
      <PageHeading>Rental vehicles</PageHeading>
      {isSmall ? <RentalVehicleCards empty={noMatches} /> : <RentalVehicleTable />}
    </List>
  );
}
