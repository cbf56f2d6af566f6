import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, FormHelperText, Stack, TextField } from '@mui/material';
import { useId, useState, type KeyboardEvent } from 'react';
import { useInput } from 'react-admin';
import { cleanFeatures, MAX_FEATURE_LENGTH, MAX_FEATURES, type RentalVehicleFormValues } from './rental-vehicle-form';

interface FeaturesInputProps {
  validate: (value: unknown, values: RentalVehicleFormValues) => string | undefined;
}

/** Short selling points ("Autopilot", "7 seats"): typed one at a time, added with Enter or the button, removed from their chips. */
export function FeaturesInput({ validate }: FeaturesInputProps) {
  const id = useId();
  const { field, fieldState } = useInput<string[]>({ source: 'features', validate });
  const features: string[] = Array.isArray(field.value) ? field.value : [];
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const text = draft.trim();
    if (!text) return;
    if (text.length > MAX_FEATURE_LENGTH) return setProblem(`Keep a feature under ${MAX_FEATURE_LENGTH} characters`);
    if (features.length >= MAX_FEATURES) return setProblem(`At most ${MAX_FEATURES} features`);
    field.onChange(cleanFeatures([...features, text]));
    setDraft('');
    setProblem(null);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // Enter adds the feature instead of submitting the whole form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  const message = problem ?? fieldState.error?.message;
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id={id}
          size="small"
          label="Add a feature"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          error={!!message}
          slotProps={{ htmlInput: { maxLength: MAX_FEATURE_LENGTH + 20, 'aria-describedby': `${id}-help` } }}
          sx={{ flex: 1, maxWidth: 360 }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </Stack>
      <FormHelperText id={`${id}-help`} error={!!message}>
        {message ?? `${features.length} of ${MAX_FEATURES}. Short points renters compare, such as “Fast charging” or “7 seats”.`}
      </FormHelperText>
      {features.length > 0 && (
        <Box component="ul" aria-label="Features" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 1, listStyle: 'none' }}>
          {features.map((feature) => (
            <li key={feature}>
              <Chip label={feature} onDelete={() => field.onChange(features.filter((f) => f !== feature))} aria-label={`${feature} (Delete or Backspace removes it)`} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
