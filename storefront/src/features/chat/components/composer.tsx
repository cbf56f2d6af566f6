import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { countOf } from '../../../lib/format';
import { MAX_MESSAGE_LENGTH, messageLength } from '../chat-rules';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  sending: boolean;
  error?: string | undefined;
}

const MAX_HEIGHT_PX = 100;
/** The counter turns a warning colour once this few characters are left. */
const NEAR_LIMIT = 50;

/**
 * The message box: Enter sends, Shift+Enter starts a new line; up to 500 characters once trimmed, as the
 * server counts them. Longer text (a paste, say) is kept, never cut: Send waits until it is shortened, and
 * says why, so nobody sends half a message without knowing.
 */
export function Composer({ value, onChange, onSend, sending, error }: ComposerProps) {
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const length = messageLength(value);
  const excess = length - MAX_MESSAGE_LENGTH;
  const tooLong = excess > 0;
  const disabled = length === 0 || sending || tooLong;
  const countLevel = tooLong ? ' composer__count--over' : MAX_MESSAGE_LENGTH - length <= NEAR_LIMIT ? ' composer__count--near' : '';

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
        placeholder="Type your message..."
        value={value}
        aria-invalid={!!error || tooLong}
        aria-describedby={`${id}-count ${id}-limit${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn--primary composer__send" disabled={disabled} aria-label="Send message" aria-describedby={tooLong ? `${id}-limit` : undefined}>
        Send
      </button>
      <div className="composer__meta">
        {/* Always in the page, so that screen readers announce the notice when it appears, and only then (not every keystroke). */}
        <p id={`${id}-limit`} className="field__error composer__limit" role="status" aria-live="polite">
          {tooLong && `A message can be at most ${countOf(MAX_MESSAGE_LENGTH, 'character')}: remove ${countOf(excess, 'character')} to send it.`}
        </p>
        <p id={`${id}-count`} className={`composer__count small muted${countLevel}`}>
          {length}/{MAX_MESSAGE_LENGTH}
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error composer__error">
          {error}
        </p>
      )}
    </form>
  );
}
