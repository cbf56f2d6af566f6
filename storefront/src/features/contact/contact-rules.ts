import type { ContactTopic } from '../../lib/api-types';
import { checkEmail } from '../auth/validation';

export type ContactField = 'name' | 'email' | 'topic' | 'message' | 'listing';

/** The server's bounds (domain/src/contact/contact-message.ts), checked before sending so mistakes show at once. */
export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, emailMax: 254, messageMin: 10, messageMax: 5000, listingMax: 300 } as const;

export const CONTACT_TOPICS: readonly { value: ContactTopic; label: string }[] = [
  { value: 'account', label: 'Account' },
  { value: 'listing', label: 'Listing' },
  { value: 'payment', label: 'Payment or boost' },
  { value: 'rental', label: 'Rental' },
  { value: 'report', label: 'Report a problem' },
  { value: 'privacy', label: 'Data and privacy' },
  { value: 'other', label: 'Other' },
];

export const CONTACT_MESSAGES = {
  nameRequired: 'Enter your name.',
  nameShort: `Your name must be at least ${CONTACT_LIMITS.nameMin} characters.`,
  nameLong: `Your name can be at most ${CONTACT_LIMITS.nameMax} characters.`,
  emailLong: `Your email can be at most ${CONTACT_LIMITS.emailMax} characters.`,
  topicRequired: 'Choose what your message is about.',
  messageShort: `Write at least ${CONTACT_LIMITS.messageMin} characters so we know how to help.`,
  messageLong: `A message can be at most ${CONTACT_LIMITS.messageMax} characters.`,
  listingInvalid: 'Paste the listing\'s link (…/vehicles/123) or its number, or leave this empty.',
} as const;

/** Counted as the server counts: trimmed, by characters (an emoji is one). */
export const characters = (text: string): number => [...text.trim()].length;

const LISTING = /^#?\d{1,10}$|\/vehicles?\/\d{1,10}(?:[/?#]|$)/;

/** A topic named in the address (?topic=report), when it is one of ours. */
export const topicFrom = (value: string | null): ContactTopic | '' => CONTACT_TOPICS.find((t) => t.value === value)?.value ?? '';

export function validateContact(v: Record<ContactField, string>): Partial<Record<ContactField, string>> {
  const name = characters(v.name);
  const email = v.email.trim();
  const message = characters(v.message);
  const listing = v.listing.trim();
  const errors: Partial<Record<ContactField, string>> = {
    name: name === 0 ? CONTACT_MESSAGES.nameRequired : name < CONTACT_LIMITS.nameMin ? CONTACT_MESSAGES.nameShort : name > CONTACT_LIMITS.nameMax ? CONTACT_MESSAGES.nameLong : undefined,
    email: email.length > CONTACT_LIMITS.emailMax ? CONTACT_MESSAGES.emailLong : checkEmail(email),
    topic: topicFrom(v.topic) ? undefined : CONTACT_MESSAGES.topicRequired,
    message: message < CONTACT_LIMITS.messageMin ? CONTACT_MESSAGES.messageShort : message > CONTACT_LIMITS.messageMax ? CONTACT_MESSAGES.messageLong : undefined,
    listing: listing && (listing.length > CONTACT_LIMITS.listingMax || !LISTING.test(listing)) ? CONTACT_MESSAGES.listingInvalid : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, m]) => m));
}
