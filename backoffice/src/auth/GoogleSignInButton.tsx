import GoogleIcon from '@mui/icons-material/Google';
import { Button } from '@mui/material';
import { useState } from 'react';
import { EmulatedGoogleDialog } from './EmulatedGoogleDialog';
import { googleIsEmulated, type EmulatedGoogleAccount } from './google-sign-in';

interface GoogleSignInButtonProps {
  disabled?: boolean;
  /** Called with the chosen account in development, without one where Google's own window opens. */
  onGoogle: (account?: EmulatedGoogleAccount) => void;
}

export function GoogleSignInButton({ disabled, onGoogle }: GoogleSignInButtonProps) {
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        fullWidth
        size="large"
        startIcon={<GoogleIcon />}
        disabled={disabled}
        onClick={async () => {
          if (await googleIsEmulated().catch(() => false)) setChoosing(true);
          else onGoogle();
        }}
      >
        Continue with Google
      </Button>
      <EmulatedGoogleDialog
        open={choosing}
        onCancel={() => setChoosing(false)}
        onChoose={(account) => {
          setChoosing(false);
          onGoogle(account);
        }}
      />
    </>
  );
}
