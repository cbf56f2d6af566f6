import type { ContactStatus, ContactTopic } from '@voltmarket/domain';

export interface NewContactMessage {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
  listingId: number | null;
  /** The account that sent it; null for a visitor. */
  userId: string | null;
  createdAt: Date;
}

export interface StoredContactMessage extends NewContactMessage {
  id: number;
  status: ContactStatus;
  handledAt: Date | null;
  handledBy: string | null;
  handledByEmail: string | null;
  note: string | null;
}

export interface AdminContactQuery {
  ids?: number[] | undefined;
  status?: ContactStatus | undefined;
  topic?: ContactTopic | undefined;
  q?: string | undefined;
  offset: number;
  limit: number;
}

/** Contact Us messages, as staff work through them. */
export interface ContactMessageStore {
  add(message: NewContactMessage): Promise<number>;
  find(id: number): Promise<StoredContactMessage | null>;
  findForUpdate(id: number): Promise<StoredContactMessage | null>;
  markHandled(id: number, handled: { by: string; at: Date; note: string | null }): Promise<void>;
  /** Open ones first, then newest first. */
  adminList(query: AdminContactQuery): Promise<{ items: StoredContactMessage[]; total: number }>;
}
