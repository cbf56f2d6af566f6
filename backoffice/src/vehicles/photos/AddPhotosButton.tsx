import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { visuallyHidden } from '../../lib/visually-hidden';
import { PHOTO_ACCEPT } from './photo-files';
import type { UploadProgress } from './use-photo-upload';

interface AddPhotosButtonProps {
  inputId: string;
  onFiles: (files: File[]) => void;
  progress: UploadProgress | null;
  describedBy: string;
}

/**
 * A real file input (named "Add photos" by its label, reached with Tab, opened with Space or Enter)
 * dressed as a button, with the batch's progress announced below it.
 */
export function AddPhotosButton({ inputId, onFiles, progress, describedBy }: AddPhotosButtonProps) {
  const busy = progress !== null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Button
        component="label"
        role={undefined}
        tabIndex={-1}
        variant="outlined"
        startIcon={<AddPhotoAlternateIcon />}
        sx={{ opacity: busy ? 0.6 : 1, '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        Add photos
        <input
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-describedby={describedBy}
          aria-disabled={busy}
          style={visuallyHidden}
          // While a batch uploads the picker stays shut, but the input keeps its focus.
          onClick={(e) => {
            if (busy) e.preventDefault();
          }}
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
            onFiles(files);
          }}
        />
      </Button>
      <Box role="status" sx={{ mt: 1, maxWidth: 360 }}>
        {progress && (
          <>
            <Typography variant="subtitle2" component="p">Uploading images...</Typography>
            <Typography variant="body2" color="text.secondary">
              Processing {progress.total} file(s)
            </Typography>
            <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} aria-label="Upload progress" sx={{ mt: 0.5 }} />
          </>
        )}
      </Box>
    </Box>
  );
}
