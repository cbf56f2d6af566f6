import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Vehicle } from '../data/api-types';

/** The seller's name with their email beneath, in a vehicles table row. */
export function SellerCell() {
  const listing = useRecordContext<Vehicle>();
  if (!listing) return null;
  return (
    <Box sx={{ minWidth: 150, maxWidth: 220 }}>
      <Typography variant="body2">{listing.seller.name}</Typography>
      {listing.seller.email && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {listing.seller.email}
        </Typography>
      )}
    </Box>
  );
}
