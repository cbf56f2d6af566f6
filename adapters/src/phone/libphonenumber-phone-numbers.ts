import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { PhoneNumbers } from '@voltmarket/application';

/**
 * libphonenumber-js with its full metadata (the server can afford it): a number is valid only if
 * its length and prefix fit a real numbering plan, so "0803 555 12" is refused.
 */
export class LibphonenumberPhoneNumbers implements PhoneNumbers {
  toE164(typed: string): string | null {
    const parsed = parsePhoneNumberFromString(typed, 'NG');
    return parsed?.isValid() ? parsed.number : null;
  }
}
