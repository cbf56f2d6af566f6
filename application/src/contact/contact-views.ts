import type { ContactStatus, ContactTopic } from '@voltmarket/domain';
import type { StoredContactMessage } from './contact-ports.js';

/** A Contact Us message as staff read it. */
export interface AdminContactMessageView {
  id: number;
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  listingId: number | null;
  userId: string | null;
  status: ContactStatus;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
  handledByEmail: string | null;
  note: string | null;
}

export function toAdminContactMessageView(m: StoredContactMessage): AdminContactMessageView {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    topic: m.topic,
    message: m.message,
    listingId: m.listingId,
    userId: m.userId,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    handledAt: m.handledAt?.toISOString() ?? null,
    handledBy: m.handledBy,
    handledByEmail: m.handledByEmail,
    note: m.note,
  };
}
