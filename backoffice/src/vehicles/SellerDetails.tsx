import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link, useCreatePath } from 'react-admin';
import type { Vehicle } from '../data/api-types';
import { formatPhone } from '../lib/format';

/** Who is selling, how to reach them, and their user record. */
export function SellerDetails({ vehicle }: { vehicle: Vehicle }) {
  const createPath = useCreatePath();
  const { seller } = vehicle;
  return (
    <Stack spacing={0.5}>
      <Link to={createPath({ resource: 'users', type: 'show', id: vehicle.sellerId })} sx={{ fontWeight: 600 }}>
        {seller.name}
      </Link>
      {seller.email ? <MuiLink href={`mailto:${seller.email}`}>{seller.email}</MuiLink> : <Typography color="text.secondary">No email on file</Typography>}
      {seller.phone ? <MuiLink href={`tel:${seller.phone}`}>{formatPhone(seller.phone)}</MuiLink> : <Typography color="text.secondary">No phone on file</Typography>}
      {vehicle.sellerPhone && vehicle.sellerPhone !== seller.phone && (
        <Typography variant="body2">
          Listing contact phone: <MuiLink href={`tel:${vehicle.sellerPhone}`}>{formatPhone(vehicle.sellerPhone)}</MuiLink>
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        User ID {vehicle.sellerId}
      </Typography>
    </Stack>
  );
}
