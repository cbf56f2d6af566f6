import { Stack, useMediaQuery, type Theme } from '@mui/material';
import { FilterButton, List, Pagination, TopToolbar } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { PageHeading } from '../components/PageHeading';
import { StatusTabs } from './StatusTabs';
import { useVehicleFilters } from './vehicle-filters';
import { VehicleSimpleList } from './VehicleSimpleList';
import { VehicleTable } from './VehicleTable';

function VehicleListActions() {
  return (
    <TopToolbar>
      <FilterButton />
    </TopToolbar>
  );
}

/** Every listing in every status, newest first, for moderation. */
export function VehicleList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const filters = useVehicleFilters();
  return (
    <List
      title="Vehicles"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={<VehicleListActions />}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="No listings yet">Listings appear here as soon as sellers submit them.</EmptyState>}
      error={<LoadError what="the listings" />}
    >
      <Stack>
        <PageHeading>Vehicles</PageHeading>
        <StatusTabs />
        {isSmall ? <VehicleSimpleList /> : <VehicleTable />}
      </Stack>
    </List>
  );
}
