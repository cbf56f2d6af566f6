import type { ButtonHTMLAttributes } from 'react';

/**
 * A form's submit button that stays under the finger. Pressing it would first blur the field being
 * typed in; that field's error then appears above the button and pushes it down before the press
 * ends, so the tap lands beside it and nothing is sent. Keeping the focus where it is avoids that:
 * submitting checks every field and takes the person to the first one that needs attention anyway.
 */
export function SubmitButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  return <button type="submit" onMouseDown={(e) => e.preventDefault()} {...props} />;
}
