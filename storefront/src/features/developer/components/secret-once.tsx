import { useId, useRef, useState, type ReactNode } from 'react';
import { TextAreaField } from '../../../components/field';

interface SecretOnceProps {
  heading: string;
  /** The field's label: "Your API key", "Signing secret". */
  label: string;
  secret: string;
  /** What to do with it, under the warning. */
  children?: ReactNode;
  onDone: () => void;
}

/**
 * A secret the server gives once (it keeps only a hash): shown in a read-only field, selected when
 * focused, with Copy. Where the clipboard is refused, the text is selected for the person to copy.
 */
export function SecretOnce({ heading, label, secret, children, onDone }: SecretOnceProps) {
  const box = useRef<HTMLDivElement>(null);
  const warningId = useId();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const field = () => box.current?.querySelector('textarea');

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard here');
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
      field()?.focus();
      field()?.select();
    }
  };

  return (
    <div className="stack">
      <h2 className="h3">{heading}</h2>
      <p id={warningId} className="notice notice--warning">
        Copy it now: you will not see it again.
      </p>
      <div ref={box} className="secret-once">
        <TextAreaField
          label={label}
          className="input secret-once__value"
          value={secret}
          readOnly
          rows={2}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={warningId}
          // The person came here for it: it is ready to copy with the keyboard at once.
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn--outline" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="small" role="status">
        {copied === 'yes' ? 'Copied to your clipboard.' : copied === 'failed' ? 'Could not copy. Select and copy it.' : ''}
      </p>
      {children}
      <div className="form-actions">
        <button type="button" className="btn btn--primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
