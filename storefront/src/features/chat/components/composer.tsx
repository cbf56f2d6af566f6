import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { MAX_MESSAGE_LENGTH } from '../chat-rules';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  sending: boolean;
  error?: string | undefined;
}

const MAX_HEIGHT_PX = 100;

/** The message box: Enter sends, Shift+Enter starts a new line; up to 500 characters, counted as typed. */
export function Composer({ value, onChange, onSend, sending, error }: ComposerProps) {
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const blank = value.trim() === '';
  const disabled = blank || sending;

  // Grows with its text up to 100 px, then scrolls.
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    node.style.height = 'auto';
    node.style.height = `${Math.min(node.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [value]);

  const send = () => {
    if (disabled) return;
    onSend(value.trim());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method is composing a character, Enter belongs to it.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Message
      </label>
      <textarea
        ref={box}
        id={id}
        className="input composer__box"
        rows={1}
        maxLength={MAX_MESSAGE_LENGTH}
        placeholder="Type your message..."
        value={value}
        aria-invalid={!!error}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value.slice(0, MAX_MESSAGE_LENGTH))}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn--primary composer__send" disabled={disabled} aria-label="Send message">
        Send
      </button>
      <p id={`${id}-count`} className="composer__count small muted" aria-live="polite">
        {value.length}/{MAX_MESSAGE_LENGTH}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error composer__error">
          {error}
        </p>
      )}
    </form>
  );
}
