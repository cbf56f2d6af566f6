import { DataTable, Pagination, ReferenceManyField } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { LocaleDate } from '../components/LocaleDate';
import { ListingStatusBadge } from '../components/ListingStatusBadge';
import { NairaField } from '../components/NairaField';
import { ShowLink } from '../components/ShowLink';
import { VehicleThumbnail } from '../components/VehicleThumbnail';
import type { Vehicle } from '../data/api-types';

const Column = DataTable.Col<Vehicle>;

/** The user's listings in every status, paginated, each opening the listing. */
export function UserListings() {
  return (
    <ReferenceManyField<Vehicle>
      reference="vehicles"
      target="sellerId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      empty={<EmptyState title="No listings">This user has not listed a vehicle.</EmptyState>}
      error={<LoadError what="this user's listings" />}
    >
      <DataTable<Vehicle> rowClick="show" bulkActionButtons={false}>
        <Column label="Photo" disableSort render={(v) => <VehicleThumbnail url={v.imageUrls[0]} title={v.title} size={48} />} />
        <Column source="title" label="Title" render={(v) => <ShowLink resource="vehicles" id={v.id}>{v.title}</ShowLink>} />
        <Column source="price" label="Price" align="right" field={NairaField} />
        <Column source="status" label="Status" render={(v) => <ListingStatusBadge status={v.status} />} />
        <Column source="views" label="Views" />
        <Column source="createdAt" label="Created" render={(v) => <LocaleDate iso={v.createdAt} />} />
      </DataTable>
    </ReferenceManyField>
  );
}
