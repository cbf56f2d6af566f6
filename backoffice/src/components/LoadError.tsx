import { Alert, Button } from '@mui/material';
import { useRefresh } from 'react-admin';

interface LoadErrorProps {
  /** What could not be loaded, in the reader's words: "the listings". */
  what: string;
  error?: unknown;
  /** Retry just this; by default every query on the screen is fetched again. */
  onRetry?: () => void;
}

/** The error state of a screen or card: what failed, the server's reason, and a way to try again. */
export function LoadError({ what, error, onRetry }: LoadErrorProps) {
  const refresh = useRefresh();
  const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry ?? refresh}>
          Try again
        </Button>
      }
    >
      Could not load {what}.{reason}
    </Alert>
  );
}
