import { Stack } from '@mui/material';
import { DataTable } from 'react-admin';
import { ListingStatusBadge } from '../components/ListingStatusBadge';
import { LocaleDate } from '../components/LocaleDate';
import { NairaField } from '../components/NairaField';
import { NoMatches } from '../components/NoMatches';
import { ShowLink } from '../components/ShowLink';
import { VehicleThumbnail } from '../components/VehicleThumbnail';
import type { Vehicle } from '../data/api-types';
import { BrandModelYear } from './BrandModelYear';
import { CarOfTheWeekChip } from './car-of-the-week/CarOfTheWeekChip';
import { FlaggedChip } from './moderation-flags/FlaggedChip';
import { BulkApproveButton } from './moderation/BulkApproveButton';
import { BulkRejectButton } from './moderation/BulkRejectButton';
import { RowModerationButtons } from './moderation/ModerationButtons';
import { SellerCell } from './SellerCell';

const Column = DataTable.Col<Vehicle>;
const NumberColumn = DataTable.NumberCol<Vehicle>;

/** Columns a moderator can do without on a laptop's screen, so the row's actions stay in view (from 1536 px they show). */
const WIDE_SCREENS_ONLY = { display: { xs: 'none', xl: 'table-cell' } } as const;

/** The moderation table: sortable columns, row actions, and bulk approve/reject on selected rows. */
export function VehicleTable() {
  return (
    <DataTable<Vehicle>
      rowClick="show"
      bulkActionButtons={
        <>
          <BulkApproveButton />
          <BulkRejectButton />
        </>
      }
      empty={<NoMatches message="No vehicles match these filters." />}
      sx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <Column label="Photo" disableSort render={(v) => <VehicleThumbnail url={v.imageUrls[0]} title={v.title} />} />
      <Column
        source="title"
        label="Title"
        sx={{ minWidth: 130 }}
        render={(v) => (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <ShowLink resource="vehicles" id={v.id}>{v.title}</ShowLink>
            <CarOfTheWeekChip vehicle={v} />
            <FlaggedChip vehicle={v} />
          </Stack>
        )}
      />
      <Column source="brand" label="Brand / Model / Year" sx={{ minWidth: 120 }} render={(v) => <BrandModelYear vehicle={v} />} />
      <Column source="id" label="ID" sx={WIDE_SCREENS_ONLY} />
      <Column label="Seller" disableSort field={SellerCell} />
      <Column source="price" label="Price" align="right" field={NairaField} />
      <Column source="location" label="Location" sx={WIDE_SCREENS_ONLY} />
      <NumberColumn source="views" label="Views" sx={WIDE_SCREENS_ONLY} />
      <Column source="status" label="Status" render={(v) => <ListingStatusBadge status={v.status} />} />
      <Column source="createdAt" label="Created" render={(v) => <LocaleDate iso={v.createdAt} />} />
      <Column label="Actions" disableSort field={RowModerationButtons} />
    </DataTable>
  );
}
