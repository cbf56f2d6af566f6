import { FieldIssues } from '../shared/domain-error.js';
import { cleanLine, cleanText, PHONE_HINT } from '../shared/text.js';

export const INQUIRY_NAME = { min: 2, max: 100 } as const;
/** At most a chat message's length: a signed-in buyer's inquiry also goes into the chat. */
export const INQUIRY_MESSAGE = { min: 10, max: 500 } as const;
export const EMAIL_MAX = 254;
/** Good enough to catch typos; the seller writes back, which is the real test of an address. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export interface InquiryDraft {
  vehicleId: number;
  buyerName: string;
  buyerEmail: string;
  /** Already read into E.164 by the phone-number port; null when it is not a number that can be dialled. */
  buyerPhone: string | null;
  message: string;
}

/** A buyer's message to a seller through the Contact Seller form; visitors may send one. */
export class Inquiry {
  id!: number;
  vehicleId!: number;
  sellerId!: string;
  /** The signed-in buyer who sent it, null for a visitor. */
  buyerId!: string | null;
  buyerName!: string;
  buyerEmail!: string;
  buyerPhone!: string;
  message!: string;
  conversationId!: string | null;
  createdAt!: Date;

  static send(draft: InquiryDraft, sellerId: string, buyerId: string | null, now: Date): Inquiry {
    const fields = checkInquiry(draft);
    const inquiry = new Inquiry();
    Object.assign(inquiry, fields, { sellerId, buyerId, conversationId: null, createdAt: now });
    return inquiry;
  }
}

/** The form's fields as stored, or every problem with them at once. */
export function checkInquiry(draft: InquiryDraft): InquiryDraft & { buyerPhone: string } {
  const issues = new FieldIssues();
  const buyerName = cleanLine(draft.buyerName);
  const buyerEmail = cleanLine(draft.buyerEmail).toLowerCase();
  const message = cleanText(draft.message);
  const nameLength = [...buyerName].length;
  issues.check(nameLength >= INQUIRY_NAME.min, 'buyerName', 'Enter your name.');
  issues.check(nameLength <= INQUIRY_NAME.max, 'buyerName', `Your name can be at most ${INQUIRY_NAME.max} characters.`);
  issues.check(EMAIL.test(buyerEmail) && buyerEmail.length <= EMAIL_MAX, 'buyerEmail', 'Please enter a valid email address');
  issues.check(draft.buyerPhone !== null, 'buyerPhone', PHONE_HINT);
  const messageLength = [...message].length;
  issues.check(messageLength >= INQUIRY_MESSAGE.min, 'message', `Write at least ${INQUIRY_MESSAGE.min} characters so the seller knows what you would like.`);
  issues.check(messageLength <= INQUIRY_MESSAGE.max, 'message', `A message can be at most ${INQUIRY_MESSAGE.max} characters.`);
  issues.throwIfAny();
  return { vehicleId: draft.vehicleId, buyerName, buyerEmail, buyerPhone: draft.buyerPhone ?? '', message };
}
