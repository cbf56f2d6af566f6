import { Box, Stack, Typography } from '@mui/material';
import type { ListingChange } from '../data/api-types';
import { formatKm, formatNaira } from '../lib/format';
import { VehicleThumbnail } from '../components/VehicleThumbnail';
import { visuallyHidden } from '../lib/visually-hidden';

const FIELD_LABELS: Record<string, string> = {
  title: 'Title', description: 'Description', price: 'Price', imageUrls: 'Photos', brand: 'Brand', model: 'Model', year: 'Year',
  location: 'Location', vin: 'VIN', vehicleType: 'Vehicle type', mileage: 'Mileage', batteryHealth: 'Battery health',
};

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

/** One value as staff compare it: naira, km, a percentage, photos as thumbnails, text as written. */
export function FieldValue({ field, value, title }: { field: string; value: unknown; title: string }) {
  if (value === null || value === undefined || value === '') return <Typography variant="body2" color="text.secondary">(none)</Typography>;
  if (field === 'imageUrls' && Array.isArray(value)) {
    return (
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {(value as string[]).map((url, i) => (
          <a key={`${url}-${i}`} href={url} target="_blank" rel="noopener noreferrer" aria-label={`Photo ${i + 1} of ${title}, full size`}>
            <VehicleThumbnail url={url} title={`${title} (${i + 1})`} size={120} />
          </a>
        ))}
      </Stack>
    );
  }
  const text = field === 'price' && typeof value === 'number' ? formatNaira(value)
    : field === 'mileage' && typeof value === 'number' ? formatKm(value)
      : field === 'batteryHealth' ? `${String(value)}%` : String(value);
  return <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Typography>;
}

/** Before and after, side by side, one row per field the seller changed. */
export function ChangeDiff({ change }: { change: ListingChange }) {
  const changes = change.changes as Record<string, unknown>;
  const live = change.live as Record<string, unknown>;
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', verticalAlign: 'top', p: 1, borderBottom: 1, borderColor: 'divider' } }}>
      <Box component="caption" sx={visuallyHidden}>What is live now and what the seller wants</Box>
      <thead>
        <tr>
          <Box component="th" scope="col" sx={{ width: 140 }}>Field</Box>
          <th scope="col">Live now</th>
          <th scope="col">Seller wants</th>
        </tr>
      </thead>
      <tbody>
        {Object.keys(changes).map((field) => (
          <tr key={field}>
            <th scope="row">{fieldLabel(field)}</th>
            <td><FieldValue field={field} value={live[field]} title={change.listingTitle} /></td>
            <td><FieldValue field={field} value={changes[field]} title={change.listingTitle} /></td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
