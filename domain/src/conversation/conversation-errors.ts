import { DomainError } from '../shared/domain-error.js';

export const cannotMessageYourself = (): DomainError =>
  new DomainError('rule', 'CANNOT_MESSAGE_SELF', 'You cannot send messages to yourself');

export const listingNotAvailable = (): DomainError =>
  new DomainError('rule', 'LISTING_NOT_AVAILABLE', 'This listing is no longer available, so a new conversation about it cannot start.');

export const notInConversation = (): DomainError =>
  new DomainError('forbidden', 'NOT_IN_CONVERSATION', 'You are not part of this conversation.');

/** The receiver of a first message must be the listing's seller: nobody can be written to through someone else's listing. */
export const wrongReceiver = (): DomainError =>
  new DomainError('forbidden', 'RECEIVER_NOT_SELLER', 'Messages about this listing go to its seller.');

export const cannotInquireOwnListing = (): DomainError =>
  new DomainError('rule', 'CANNOT_INQUIRE_OWN_LISTING', 'You cannot send an inquiry about your own listing.');

export const notificationNotFound = (id: number): DomainError =>
  new DomainError('not_found', 'NOTIFICATION_NOT_FOUND', `Notification ${id} was not found.`);

export const idempotencyKeyReused = (): DomainError =>
  new DomainError('rule', 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different message. Send a new key for a new message.');
