import { Typography } from '@mui/material';
import type { Vehicle } from '../data/api-types';

/** "BYD Han" over "2024", in a vehicles table row. */
export function BrandModelYear({ vehicle }: { vehicle: Vehicle }) {
  return (
    <>
      {vehicle.brand} {vehicle.model}
      <Typography variant="caption" color="text.secondary" component="p">
        {vehicle.year}
      </Typography>
    </>
  );
}
