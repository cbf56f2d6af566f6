import type { AdminContactMessage, ContactTopic } from '../data/api-types';

/** The topics as the Contact Us form names them. */
export const TOPIC_LABELS: Record<ContactTopic, string> = {
  account: 'Account',
  listing: 'Listing',
  payment: 'Payment or boost',
  rental: 'Rental',
  report: 'Report a problem',
  privacy: 'Data and privacy',
  other: 'Other',
};

export const topicChoices = Object.entries(TOPIC_LABELS).map(([id, name]) => ({ id, name }));
export const statusChoices = [{ id: 'open', name: 'Open' }, { id: 'handled', name: 'Handled' }];

export const isOpen = (m: AdminContactMessage) => m.status === 'open';
