import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TextField } from '../../../components/field';
import { googleIsEmulated, type EmulatedGoogleAccount } from '../actions';
import { checkEmail } from '../validation';

interface GoogleButtonProps {
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  defaultEmail?: string;
  /** Called with the chosen account in development, without one where Google's own window opens. */
  onGoogle: (account?: EmulatedGoogleAccount) => Promise<void>;
}

export function GoogleButton({ children, className = 'btn btn--outline btn--block', disabled, defaultEmail = '', onGoogle }: GoogleButtonProps) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        onClick={async () => {
          if (await googleIsEmulated().catch(() => false)) setPicking(true);
          else await onGoogle();
        }}
      >
        {children}
      </button>
      {picking && (
        <EmulatedGoogleChooser
          defaultEmail={defaultEmail}
          onCancel={() => setPicking(false)}
          onChoose={async (account) => {
            setPicking(false);
            await onGoogle(account);
          }}
        />
      )}
    </>
  );
}

/** Development only: the Auth emulator's Google sign-in, choosing which Google account to be. */
function EmulatedGoogleChooser({ defaultEmail, onCancel, onChoose }: { defaultEmail: string; onCancel: () => void; onChoose: (a: EmulatedGoogleAccount) => Promise<void> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState(defaultEmail);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal?.();
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="google-emulator-title" onClose={onCancel}>
      <form
        noValidate
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          const problem = checkEmail(email);
          setError(problem);
          if (!problem) void onChoose({ email, name });
        }}
      >
        <h2 id="google-emulator-title" className="h3">Sign in with Google</h2>
        <p className="muted small">Development mode: the Firebase Auth emulator stands in for Google. Enter any Google account to use.</p>
        <TextField label="Google email" type="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="Display name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <div className="form-actions">
          <button type="button" className="btn btn--outline" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary">
            Sign in with Google.com
          </button>
        </div>
      </form>
    </dialog>
  );
}
