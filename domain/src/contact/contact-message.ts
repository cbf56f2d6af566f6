import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanLine, cleanText } from '../shared/text.js';

/** What a Contact Us message is about, so staff can pick up their own kind first. */
export const CONTACT_TOPICS = ['account', 'listing', 'payment', 'rental', 'report', 'privacy', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Readonly<Record<ContactTopic, string>> = {
  account: 'Account',
  listing: 'Listing',
  payment: 'Payment or boost',
  rental: 'Rental',
  report: 'Report a problem',
  privacy: 'Data and privacy',
  other: 'Other',
};

export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, emailMax: 254, messageMin: 10, messageMax: 5000, listingMax: 300, noteMax: 1000 } as const;

export type ContactStatus = 'open' | 'handled';

/** Good enough to catch typos; staff write back, which is the real test of an address. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** A listing as a person pastes it: its number, or a link to its page (…/vehicles/123). */
const LISTING_ID = /^#?(\d{1,10})$/;
const LISTING_LINK = /\/vehicles?\/(\d{1,10})(?:[/?#]|$)/;

export interface ContactDraft {
  name: string;
  email: string;
  topic: string;
  message: string;
  /** A listing's number or link; empty when none. */
  listing?: string | null | undefined;
}

export interface CheckedContact {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  listingId: number | null;
}

/** The form's fields as stored, or every problem with them at once. */
export function checkContactMessage(draft: ContactDraft): CheckedContact {
  const issues = new FieldIssues();
  const name = cleanLine(draft.name);
  const email = cleanLine(draft.email).toLowerCase();
  const message = cleanText(draft.message);
  const nameLength = [...name].length;
  issues.check(nameLength >= CONTACT_LIMITS.nameMin, 'name', 'Enter your name.');
  issues.check(nameLength <= CONTACT_LIMITS.nameMax, 'name', `Your name can be at most ${CONTACT_LIMITS.nameMax} characters.`);
  issues.check(EMAIL.test(email) && email.length <= CONTACT_LIMITS.emailMax, 'email', 'Enter a valid email address, so we can answer you.');
  const topic = CONTACT_TOPICS.find((t) => t === draft.topic);
  issues.check(topic !== undefined, 'topic', 'Choose what your message is about.');
  const messageLength = [...message].length;
  issues.check(messageLength >= CONTACT_LIMITS.messageMin, 'message', `Write at least ${CONTACT_LIMITS.messageMin} characters so we know how to help.`);
  issues.check(messageLength <= CONTACT_LIMITS.messageMax, 'message', `A message can be at most ${CONTACT_LIMITS.messageMax} characters.`);
  const listingId = readListing(draft.listing);
  issues.check(listingId !== undefined, 'listing', 'Paste the listing\'s link (…/vehicles/123) or its number, or leave this empty.');
  issues.throwIfAny();
  return { name, email, topic: topic!, message, listingId: listingId ?? null };
}

/** null when none was given; undefined when what was given names no listing. */
function readListing(value: string | null | undefined): number | null | undefined {
  const text = cleanLine(value ?? '');
  if (!text) return null;
  if ([...text].length > CONTACT_LIMITS.listingMax) return undefined;
  const id = Number((LISTING_ID.exec(text) ?? LISTING_LINK.exec(text))?.[1]);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** Staff's note when they mark a message handled: optional, one short paragraph. */
export function checkHandledNote(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const note = typeof value === 'string' ? cleanText(value) : '';
  if (typeof value !== 'string' || [...note].length > CONTACT_LIMITS.noteMax) {
    throw new DomainError('validation', 'VALIDATION_FAILED', 'Some fields are not valid.', [
      { field: 'note', message: `A note can be at most ${CONTACT_LIMITS.noteMax} characters.` },
    ]);
  }
  return note || null;
}

export const contactMessageNotFound = (id: number) => new DomainError('not_found', 'CONTACT_MESSAGE_NOT_FOUND', `Contact message ${id} was not found.`);
