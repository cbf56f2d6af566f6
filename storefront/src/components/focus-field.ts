/**
 * Takes the person to the first of the named fields, in the form's own order: its label and box are
 * scrolled to the middle of the screen (clear of the sticky navigation and of toasts) and it is focused,
 * so a screen reader reads its label and error.
 */
export function focusFirstField(form: HTMLFormElement | null, names: Iterable<string>): void {
  if (!form) return;
  const wanted = new Set(names);
  const control = Array.from(form.elements).find((el): el is HTMLElement => el instanceof HTMLElement && wanted.has(el.getAttribute('name') ?? ''));
  if (!control) return;
  const area = control.closest('.field, fieldset') ?? control;
  // jsdom has no scrolling.
  if (typeof area.scrollIntoView === 'function') area.scrollIntoView({ block: 'center' });
  control.focus({ preventScroll: true });
}
