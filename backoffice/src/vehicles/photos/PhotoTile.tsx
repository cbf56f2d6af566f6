import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Chip, IconButton, Tooltip } from '@mui/material';
import { thumbnailOf } from '../../lib/images';
import { visuallyHidden } from '../../lib/visually-hidden';

interface PhotoTileProps {
  url: string;
  index: number;
  count: number;
  removable: boolean;
  removeId: string;
  onRemove: () => void;
  onMakeCover: () => void;
}

/** One photo of the listing: the first is the cover; any other can be made the cover; any can go (on a saved listing, not the last). */
export function PhotoTile({ url, index, count, removable, removeId, onRemove, onMakeCover }: PhotoTileProps) {
  const n = index + 1;
  return (
    <Box component="li" sx={{ position: 'relative', listStyle: 'none' }}>
      <Box component="img" src={thumbnailOf(url) ?? url} alt={`Photo ${n} of ${count}`} sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block' }} />
      {index === 0 && <Chip label="Cover" size="small" color="primary" sx={{ position: 'absolute', top: 4, left: 4 }} />}
      <Tooltip title={removable ? 'Remove photo' : 'The last photo cannot be removed'}>
        <span style={{ position: 'absolute', top: 4, right: 4 }}>
          <IconButton id={removeId} size="small" aria-label={`Remove photo ${n}`} disabled={!removable} onClick={onRemove} sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}>
            <DeleteIcon fontSize="small" color={removable ? 'error' : 'disabled'} />
          </IconButton>
        </span>
      </Tooltip>
      {index > 0 && (
        <Button size="small" onClick={onMakeCover} sx={{ mt: 0.5 }}>
          Make cover
          <Box component="span" sx={visuallyHidden}>
            {` (photo ${n})`}
          </Box>
        </Button>
      )}
    </Box>
  );
}
