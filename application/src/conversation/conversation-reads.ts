import { CHAT_SAFETY_TIP, needsSafetyTip } from '@voltmarket/domain';
/** Read side of conversations: threads and lists straight from the database, no domain objects. */

export interface ChatPersonView {
  id: string;
  firstName: string | null;
  email: string | null;
  displayName: string;
  /** Present while the person's account is suspended: the chat says so. */
  suspended?: true;
}

export interface ChatVehicleView {
  id: number;
  title: string;
  price: number | null;
  location: string | null;
  imageUrl: string | null;
  available: boolean;
}

export interface ChatMessageView {
  messageId: number;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  timestamp: string;
  isRead: boolean;
  readAt: string | null;
  /** Present when it asks for money up front or carries an account number: the buyer sees a safety tip beside it. */
  safetyTip?: string;
}

export interface ConversationSummary {
  conversationId: string;
  vehicleId: number;
  role: 'buyer' | 'seller';
  otherUser: ChatPersonView;
  vehicle: ChatVehicleView;
  lastMessage: { content: string; createdAt: string; isRead: boolean; senderId: string };
  unreadCount: number;
}

export interface ConversationReads {
  /** Oldest first: the newest `limit` messages before `before` (a message id), and whether older ones exist. */
  messages(conversationId: string, before: number | null, limit: number): Promise<{ messages: ChatMessageView[]; hasMore: boolean }>;
  /** The caller's conversations, latest message first. */
  listFor(userId: string, limit: number): Promise<ConversationSummary[]>;
  /** The listing as a chat shows it; a deleted listing by the title its conversation kept. */
  vehicle(vehicleId: number, conversationId: string | null): Promise<ChatVehicleView | null>;
  person(userId: string): Promise<ChatPersonView | null>;
}

/** The safety tip a message carries, spread into its view (absent when none). */
export const safetyTipFor = (content: string): { safetyTip?: string } => (needsSafetyTip(content) ? { safetyTip: CHAT_SAFETY_TIP } : {});
