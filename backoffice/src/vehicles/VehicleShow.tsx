import { Box, Stack, Typography } from '@mui/material';
import { EditButton, Loading, Show, TopToolbar, useRecordContext } from 'react-admin';
import { LoadError } from '../components/LoadError';
import { RecordTitle } from '../components/RecordTitle';
import { SectionCard } from '../components/SectionCard';
import type { Vehicle } from '../data/api-types';
import { formatNaira } from '../lib/format';
import { ModerationButtons } from './moderation/ModerationButtons';
import { ListingInquiries } from './ListingInquiries';
import { ModerationStatus } from './ModerationStatus';
import { ModerationFlags } from './moderation-flags/ModerationFlags';
import { SellerDetails } from './SellerDetails';
import { VehicleGallery } from './VehicleGallery';
import { VehicleSpecs } from './VehicleSpecs';

function VehicleShowActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      <ModerationButtons redirectAfterDelete />
      <EditButton />
    </TopToolbar>
  );
}

function VehicleDetails() {
  const vehicle = useRecordContext<Vehicle>();
  if (!vehicle) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {vehicle.title}
          </Typography>
          <Typography variant="h6" component="p" color="primary">
            {formatNaira(vehicle.price)}
          </Typography>
        </Box>
        <SectionCard title={`Photos (${vehicle.imageUrls.length})`}>
          <VehicleGallery imageUrls={vehicle.imageUrls} title={vehicle.title} />
        </SectionCard>
        <SectionCard title="Description">
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{vehicle.description}</Typography>
        </SectionCard>
      </Stack>
      <Stack spacing={2}>
        <SectionCard title="Moderation">
          <ModerationStatus vehicle={vehicle} />
        </SectionCard>
        <SectionCard title={`Screening (${vehicle.moderationFlags?.length ?? 0} flagged)`}>
          <ModerationFlags vehicle={vehicle} />
        </SectionCard>
        <SectionCard title="Seller">
          <SellerDetails vehicle={vehicle} />
        </SectionCard>
        <SectionCard title="Specifications">
          <VehicleSpecs vehicle={vehicle} />
        </SectionCard>
        <SectionCard title="Inquiries">
          <ListingInquiries listingId={vehicle.id} />
        </SectionCard>
      </Stack>
    </Box>
  );
}

/** One listing with everything a moderator needs to decide on it, and the actions to take. */
export function VehicleShow() {
  return (
    <Show loading={<Loading />} title={<RecordTitle prefix="Listing" field="title" />} actions={<VehicleShowActions />} error={<LoadError what="this listing" />}>
      <VehicleDetails />
    </Show>
  );
}
