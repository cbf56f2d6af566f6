import { Box } from '@mui/material';
import { useState } from 'react';
import { PLACEHOLDER_IMAGE, thumbnailOf } from '../lib/images';

interface VehicleThumbnailProps {
  url: string | undefined;
  title: string;
  size?: number;
}

/** A listing's first photo at thumbnail size; a placeholder when there is none or it fails to load. */
export function VehicleThumbnail({ url, title, size = 56 }: VehicleThumbnailProps) {
  const [failed, setFailed] = useState(false);
  const src = !url || failed ? PLACEHOLDER_IMAGE : (thumbnailOf(url) ?? url);
  return (
    <Box
      component="img"
      src={src}
      alt={url && !failed ? `Photo of ${title}` : `No photo of ${title}`}
      loading="lazy"
      onError={() => setFailed(true)}
      sx={{ width: size, height: Math.round(size * 0.75), objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'grey.100' }}
    />
  );
}
