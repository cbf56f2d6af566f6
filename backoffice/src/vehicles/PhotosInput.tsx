import DeleteIcon from '@mui/icons-material/Delete';
import { Box, FormHelperText, IconButton, Tooltip } from '@mui/material';
import { useInput } from 'react-admin';
import { thumbnailOf } from '../lib/images';

// A listing keeps at least one photo (the contract's minItems), so the last one cannot be removed.
const atLeastOnePhoto = (urls: unknown) => (Array.isArray(urls) && urls.length > 0 ? undefined : 'A listing needs at least one photo');

/** The listing's photos, each removable: moderators take down an unsuitable photo without rejecting the listing. */
export function PhotosInput() {
  const { field, fieldState } = useInput<string[]>({ source: 'imageUrls', validate: atLeastOnePhoto });
  const urls: string[] = Array.isArray(field.value) ? field.value : [];
  const remove = (index: number) => field.onChange(urls.filter((_, i) => i !== index));
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
        {urls.map((url, i) => (
          <Box key={`${url}-${i}`} sx={{ position: 'relative' }}>
            <Box component="img" src={thumbnailOf(url) ?? url} alt={`Photo ${i + 1} of ${urls.length}`} sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block' }} />
            <Tooltip title={urls.length > 1 ? 'Remove photo' : 'The last photo cannot be removed'}>
              <span style={{ position: 'absolute', top: 4, right: 4 }}>
                <IconButton size="small" aria-label={`Remove photo ${i + 1}`} disabled={urls.length <= 1} onClick={() => remove(i)} sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}>
                  <DeleteIcon fontSize="small" color={urls.length > 1 ? 'error' : 'disabled'} />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ))}
      </Box>
      <FormHelperText error={!!fieldState.error}>{fieldState.error?.message ?? 'Removed photos disappear from the listing when you save.'}</FormHelperText>
    </Box>
  );
}
