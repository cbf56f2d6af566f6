// The one place for phone rules. libphonenumber-js with its smallest ("min") metadata checks a number's
// length for its country; the server checks with the same library and answers with the same message.
// Only lazily loaded screens import this module, so its metadata stays out of Home's and Browse's code.
import { AsYouType, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

/** Numbers written without a country code are Nigerian. */
const HOME_COUNTRY = 'NG';

export const PHONE_MESSAGE = 'Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234';

function parse(text: string): PhoneNumber | undefined {
  const phone = parsePhoneNumberFromString(text.trim(), HOME_COUNTRY);
  return phone?.isValid() ? phone : undefined;
}

/** An optional phone number: empty, or one that can be dialled. */
export function checkPhone(value: string): string | undefined {
  return value.trim() && !parse(value) ? PHONE_MESSAGE : undefined;
}

/** What is sent and stored: E.164 (+2348035551234), or null for an empty box. */
export function phoneToE164(value: string): string | null {
  if (!value.trim()) return null;
  return parse(value)?.number ?? value.trim();
}

/** A stored number as people read it: 0803 555 1234 at home, +44 20 7946 0958 abroad, else as stored. */
export function formatPhone(stored: string): string {
  const phone = parse(stored);
  if (!phone) return stored;
  return phone.country === HOME_COUNTRY ? phone.formatNational() : phone.formatInternational();
}

/** A tel: link that dials from anywhere. */
export function phoneHref(stored: string): string {
  return `tel:${parse(stored)?.number ?? stored.replace(/[^\d+]/g, '')}`;
}

/** The digits typed so far, grouped the way the finished number will be. */
export function formatPhoneAsTyped(text: string): string {
  return text ? new AsYouType(HOME_COUNTRY).input(text) : '';
}
