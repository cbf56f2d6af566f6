import { Box, FormHelperText } from '@mui/material';
import { useId, useState } from 'react';
import { useInput } from 'react-admin';
import { visuallyHidden } from '../lib/visually-hidden';
import { AddPhotosButton } from './photos/AddPhotosButton';
import { MAX_PHOTOS } from './photos/photo-files';
import { PhotoTile } from './photos/PhotoTile';
import { usePhotoUpload } from './photos/use-photo-upload';

const SOURCE = 'imageUrls';

// A listing keeps at least one photo (the contract's minItems), so on a saved listing the last one cannot be removed.
const atLeastOnePhoto = (urls: unknown, message: string) => (Array.isArray(urls) && urls.length > 0 ? undefined : message);

// Keys that survive reordering, even should a URL appear twice.
const keysOf = (urls: string[]) => urls.map((url, i) => `${url}#${urls.slice(0, i).filter((u) => u === url).length}`);

// The element that had focus is gone once its photo moves or goes; put focus somewhere that still exists.
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

interface PhotosInputProps {
  /** The most photos the record may have. */
  max?: number;
  /** A new record starts with none, so any photo may go; a saved listing keeps its last one. */
  lastRemovable?: boolean;
  /** What the form says when there is no photo. */
  requiredMessage?: string;
}

/**
 * The listing's photos: moderators add photos, take down an unsuitable one without rejecting the
 * listing, and choose the cover (the first photo). Nothing changes on the listing until they save.
 */
export function PhotosInput({ max = MAX_PHOTOS, lastRemovable = false, requiredMessage = 'A listing needs at least one photo' }: PhotosInputProps = {}) {
  const id = useId();
  const upload = usePhotoUpload(SOURCE, max);
  // Saving mid-upload would drop the photos still on their way, so the form waits for them.
  const validate = (urls: unknown) => (upload.isUploading() ? 'Wait for the photos to finish uploading' : atLeastOnePhoto(urls, requiredMessage));
  const { field, fieldState } = useInput<string[]>({ source: SOURCE, validate });
  const [announcement, setAnnouncement] = useState('');
  const urls: string[] = Array.isArray(field.value) ? field.value : [];
  const removeId = (i: number) => `${id}-remove-${i}`;
  const addId = `${id}-add`;

  const remove = (index: number) => {
    const next = urls.filter((_, i) => i !== index);
    field.onChange(next);
    setAnnouncement(`Photo ${index + 1} removed.`);
    focusLater(next.length > (lastRemovable ? 0 : 1) ? removeId(Math.min(index, next.length - 1)) : addId);
  };
  const makeCover = (index: number) => {
    const url = urls[index];
    if (url === undefined) return;
    field.onChange([url, ...urls.filter((_, i) => i !== index)]);
    setAnnouncement(`Photo ${index + 1} is now the cover.`);
    focusLater(removeId(0));
  };

  const keys = keysOf(urls);
  const helper = `${urls.length} of ${max} photos. JPEG, PNG or WebP, up to 5 MB each; the first photo is the cover. Changes apply when you save.`;
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 2 }}>
      <Box component="ul" aria-label="Listing photos" sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', p: 0, m: 0 }}>
        {urls.map((url, i) => (
          <PhotoTile key={keys[i]} url={url} index={i} removable={lastRemovable || urls.length > 1} count={urls.length} removeId={removeId(i)} onRemove={() => remove(i)} onMakeCover={() => makeCover(i)} />
        ))}
      </Box>
      <AddPhotosButton inputId={addId} describedBy={`${id}-helper`} progress={upload.progress} onFiles={(files) => void upload.addFiles(files)} />
      <FormHelperText id={`${id}-helper`} error={!!fieldState.error}>
        {fieldState.error?.message ?? helper}
      </FormHelperText>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
