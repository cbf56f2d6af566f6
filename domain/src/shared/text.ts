/** A UTF-16 surrogate without its partner: no character at all, and Postgres's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Control characters nobody types into a form (tabs and line breaks are handled as whitespace), and
 * invisible ones that only disguise text: direction overrides and isolates (U+202A-202E, U+2066-2069,
 * which make "gnp.exe" read "exe.png" or a name read as another's), the zero-width space and the BOM.
 * Joiners stay: emoji and some scripts need them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * The one normal form for text we store: lone surrogates become U+FFFD (as a browser would send
 * them), and composed characters are composed (NFC), so "Citroe\u0308n" and "Citroën" are one word.
 */
export function wellFormedText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC');
}

/** Trims and collapses inner runs of whitespace so "  Tesla   Model 3 " is stored as "Tesla Model 3". */
export function cleanLine(value: string): string {
  return wellFormedText(value).replace(CONTROL, '').trim().replace(/\s+/g, ' ');
}

/** Trims a multi-line text and caps blank-line runs at one empty line. */
export function cleanText(value: string): string {
  return wellFormedText(value).replace(/\r\n?/g, '\n').replace(CONTROL, '').trim().replace(/\n{3,}/g, '\n\n');
}

/** What a person is told when a phone number cannot be dialled. */
export const PHONE_HINT = 'Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234';
