import { Box, Stack, Typography } from '@mui/material';
import { ShowLink } from '../components/ShowLink';
import { VehicleThumbnail } from '../components/VehicleThumbnail';
import type { AdminRentalVehicle } from '../data/api-types';

type Facts = Pick<AdminRentalVehicle, 'id' | 'title' | 'brand' | 'model' | 'year' | 'imageUrls'>;

export function RentalVehiclePhoto({ vehicle }: { vehicle: Facts }) {
  return <VehicleThumbnail url={vehicle.imageUrls[0]} title={vehicle.title} />;
}

/** The vehicle's title (a link to its listing) with its make, model, year and number beneath. */
export function RentalVehicleTitle({ vehicle, withPhoto = false }: { vehicle: Facts; withPhoto?: boolean }) {
  const title = (
    <Box sx={{ minWidth: 140, maxWidth: 240 }}>
      <ShowLink resource="vehicles" id={vehicle.id}>
        {vehicle.title}
      </ShowLink>
      <Typography variant="caption" color="text.secondary" component="p">
        {vehicle.year} {vehicle.brand} {vehicle.model} · Listing #{vehicle.id}
      </Typography>
    </Box>
  );
  if (!withPhoto) return title;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <RentalVehiclePhoto vehicle={vehicle} />
      {title}
    </Stack>
  );
}
