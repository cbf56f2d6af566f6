import { Typography } from '@mui/material';
import { visuallyHidden } from '../lib/visually-hidden';

/** The page's h1 for screen readers on screens whose visible title lives in the app bar. */
export function PageHeading({ children }: { children: string }) {
  return (
    <Typography component="h1" sx={visuallyHidden}>
      {children}
    </Typography>
  );
}
