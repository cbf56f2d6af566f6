import { formatPhoneAsTyped } from '../lib/phone';
import { TextField, type TextFieldProps } from './field';

/**
 * A phone box that groups the digits as they are typed (0803 555 1234, +44 20 7946 0958).
 * Only while typing at the end: an edit in the middle is left as typed, so the caret stays put.
 */
export function PhoneField({ onChange, ...props }: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="tel"
      autoComplete="tel"
      {...props}
      onChange={(e) => {
        const input = e.target;
        if (input.selectionStart === input.value.length) input.value = formatPhoneAsTyped(input.value);
        onChange?.(e);
      }}
    />
  );
}
