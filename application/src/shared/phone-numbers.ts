import { PHONE_HINT, ValidationError } from '@voltmarket/domain';

/** Reads the phone numbers people type, the way a phone would dial them. */
export interface PhoneNumbers {
  /**
   * The number in E.164 (+2348035551234): Nigerian when written without a country code, any
   * country's with "+". Null when it is not a number that can be dialled.
   */
  toE164(typed: string): string | null;
}

/**
 * A typed phone number as stored: E.164, or null when cleared. Undefined (not sent) stays
 * undefined, so an edit that does not touch the phone leaves it alone.
 */
export function storedPhone(phones: PhoneNumbers, typed: string | null | undefined, field: string): string | null | undefined {
  if (typed === undefined) return undefined;
  if (typed === null || typed.trim() === '') return null;
  const e164 = phones.toE164(typed);
  if (e164 === null) throw new ValidationError([{ field, message: PHONE_HINT }]);
  return e164;
}
