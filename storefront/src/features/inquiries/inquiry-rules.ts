import { checkPhone } from '../../lib/phone';
import { checkEmail } from '../auth/validation';

export type InquiryField = 'buyerName' | 'buyerEmail' | 'buyerPhone' | 'message';

export const INQUIRY_LIMITS = { nameMin: 2, nameMax: 100, emailMax: 254, messageMin: 10, messageMax: 500 } as const;

export const INQUIRY_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameShort: 'Your name must be at least 2 characters',
  nameLong: 'Your name must be at most 100 characters',
  emailLong: 'Your email must be at most 254 characters',
  phoneRequired: 'Please enter your phone number',
  messageShort: 'Your message must be at least 10 characters',
  messageLong: 'Your message must be at most 1000 characters',
} as const;

/** The server's bounds, checked before sending so mistakes show beside their fields at once. */
export function validateInquiry(v: Record<InquiryField, string>): Partial<Record<InquiryField, string>> {
  const name = v.buyerName.trim();
  const email = v.buyerEmail.trim();
  const message = v.message.trim();
  const errors: Partial<Record<InquiryField, string>> = {
    buyerName: !name ? INQUIRY_MESSAGES.nameRequired : name.length < INQUIRY_LIMITS.nameMin ? INQUIRY_MESSAGES.nameShort : name.length > INQUIRY_LIMITS.nameMax ? INQUIRY_MESSAGES.nameLong : undefined,
    buyerEmail: email.length > INQUIRY_LIMITS.emailMax ? INQUIRY_MESSAGES.emailLong : checkEmail(email),
    buyerPhone: !v.buyerPhone.trim() ? INQUIRY_MESSAGES.phoneRequired : checkPhone(v.buyerPhone),
    message: message.length < INQUIRY_LIMITS.messageMin ? INQUIRY_MESSAGES.messageShort : message.length > INQUIRY_LIMITS.messageMax ? INQUIRY_MESSAGES.messageLong : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}
