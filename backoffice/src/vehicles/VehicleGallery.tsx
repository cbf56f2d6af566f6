import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, Dialog, IconButton, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { EmptyState } from '../components/EmptyState';
import { thumbnailOf } from '../lib/images';
import { visuallyHidden } from '../lib/visually-hidden';

/** Every photo of the listing (moderators must see them all), each opening large on click. */
export function VehicleGallery({ imageUrls, title }: { imageUrls: string[]; title: string }) {
  const galleryId = useId();
  const [open, setOpen] = useState<number | null>(null);
  if (!imageUrls.length) return <EmptyState title="No photos">This listing has no photos.</EmptyState>;
  const count = imageUrls.length;
  const step = (by: number) => setOpen((i) => (i === null ? null : (i + by + count) % count));
  const current = open === null ? undefined : imageUrls[open];

  return (
    <>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {imageUrls.map((url, i) => (
          <ButtonBase key={`${url}-${i}`} onClick={() => setOpen(i)} aria-label={`Open photo ${i + 1} of ${count} large`} sx={{ borderRadius: 1, overflow: 'hidden' }}>
            <Box component="img" src={thumbnailOf(url) ?? url} alt={`${title}, photo ${i + 1} of ${count}`} loading="lazy" sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }} />
          </ButtonBase>
        ))}
      </Box>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        maxWidth="lg"
        fullWidth
        aria-labelledby={`${galleryId}-title`}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') step(1);
          if (e.key === 'ArrowLeft') step(-1);
        }}
      >
        <Box sx={{ position: 'relative', bgcolor: 'common.black' }}>
          <Typography id={`${galleryId}-title`} component="h2" sx={visuallyHidden}>
            {title}, photo {(open ?? 0) + 1} of {count}
          </Typography>
          {current && (
            <Box component="img" src={current} alt={`${title}, photo ${(open ?? 0) + 1} of ${count}`} sx={{ width: '100%', maxHeight: '80vh', objectFit: 'contain', display: 'block' }} />
          )}
          <IconButton onClick={() => setOpen(null)} aria-label="Close photo" sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' }}>
            <CloseIcon />
          </IconButton>
          {count > 1 && (
            <>
              <IconButton onClick={() => step(-1)} aria-label="Previous photo" sx={{ position: 'absolute', top: '50%', left: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' }}>
                <ChevronLeftIcon />
              </IconButton>
              <IconButton onClick={() => step(1)} aria-label="Next photo" sx={{ position: 'absolute', top: '50%', right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' }}>
                <ChevronRightIcon />
              </IconButton>
            </>
          )}
          <Typography variant="caption" sx={{ position: 'absolute', bottom: 8, left: 12, color: 'common.white', bgcolor: 'rgba(0,0,0,0.6)', px: 1, borderRadius: 1 }}>
            {(open ?? 0) + 1} / {count}
          </Typography>
        </Box>
      </Dialog>
    </>
  );
}
