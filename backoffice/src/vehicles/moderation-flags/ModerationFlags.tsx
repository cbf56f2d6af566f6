import { Alert, Box, Stack, Typography } from '@mui/material';
import { Link, useCreatePath } from 'react-admin';
import type { Vehicle } from '../../data/api-types';
import { FLAG_LABELS, type ModerationFlag, flagExplanation } from './flag-text';

function Photo({ url, caption }: { url: string; caption: string }) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box component="img" src={url} alt={caption} loading="lazy" sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', borderRadius: 1 }} />
      <Typography component="figcaption" variant="caption" color="text.secondary">{caption}</Typography>
    </Box>
  );
}

function ReusedPhoto({ flag }: { flag: Extract<ModerationFlag, { kind: 'reused_photo' }> }) {
  const createPath = useCreatePath();
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Photo url={flag.photoUrl} caption="This listing" />
        <Photo url={flag.otherPhotoUrl} caption={`Listing #${flag.otherListingId}`} />
      </Box>
      <Link to={createPath({ resource: 'vehicles', type: 'show', id: flag.otherListingId })}>Open listing #{flag.otherListingId}</Link>
    </Stack>
  );
}

/** What screening found, each flag explained; for a reused photo, the two photos side by side. */
export function ModerationFlags({ vehicle }: { vehicle: Pick<Vehicle, 'moderationFlags'> }) {
  const flags = vehicle.moderationFlags ?? [];
  if (flags.length === 0) return <Typography color="text.secondary">Screening found nothing unusual.</Typography>;
  return (
    <Stack spacing={2}>
      {flags.map((flag, i) => (
        <Alert key={i} severity="warning" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <Typography sx={{ fontWeight: 700 }}>{FLAG_LABELS[flag.kind]}</Typography>
          <Typography variant="body2" sx={{ mb: flag.kind === 'reused_photo' ? 1 : 0 }}>{flagExplanation(flag)}</Typography>
          {flag.kind === 'reused_photo' && <ReusedPhoto flag={flag} />}
        </Alert>
      ))}
    </Stack>
  );
}
