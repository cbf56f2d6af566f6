import type { WebhookEvent } from '../developer/webhook.js';
export const NOTIFICATION_TYPES = ['message', 'listing', 'rental', 'system', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification takes its reader, and what it is about. */
export interface NotificationMetadata {
  conversationId?: string;
  vehicleId?: number;
  rentalId?: number;
}

/** What happened, as the person it concerns is told. Created by events in the marketplace, never by a client. */
export interface NotificationDraft {
  readonly userId: string;
  readonly type: NotificationType;
  readonly title: string;
  readonly message: string;
  readonly actionUrl: string | null;
  readonly metadata: NotificationMetadata;
  /** The same news for the person's webhook endpoints that listen to this event (a seller's software). */
  readonly webhook?: { readonly event: WebhookEvent; readonly data: Readonly<Record<string, unknown>> };
}

export class Notification {
  id!: number;
  userId!: string;
  type!: NotificationType;
  title!: string;
  message!: string;
  isRead!: boolean;
  actionUrl!: string | null;
  metadata!: NotificationMetadata;
  /** Unread messages a chat's notification stands for (1 for every other kind). */
  count!: number;
  createdAt!: Date;
  updatedAt!: Date;
}

const PREVIEW = 120;

/** A long text cut at a word for a notification's one line. */
export function preview(text: string, max = PREVIEW): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > max / 2 ? atWord : cut}…`;
}

/**
 * A new chat message. There is one unread notification per conversation: the next message updates
 * it (latest text, count) instead of adding another.
 */
export function newMessageNotice(input: { receiverId: string; senderName: string; content: string; conversationId: string; vehicleId: number }): NotificationDraft {
  return {
    userId: input.receiverId,
    type: 'message',
    title: `New message from ${input.senderName}`,
    message: preview(input.content),
    actionUrl: `/profile?openChat=${encodeURIComponent(input.conversationId)}`,
    metadata: { conversationId: input.conversationId, vehicleId: input.vehicleId },
    webhook: { event: 'message.received', data: { conversationId: input.conversationId, vehicleId: input.vehicleId, senderName: input.senderName, content: input.content } },
  };
}

export function newInquiryNotice(input: { sellerId: string; buyerName: string; listingTitle: string; vehicleId: number; conversationId: string | null }): NotificationDraft {
  return {
    userId: input.sellerId,
    type: input.conversationId ? 'message' : 'other',
    title: `New inquiry about ${preview(input.listingTitle, 60)}`,
    message: `${input.buyerName} would like to hear from you.`,
    actionUrl: input.conversationId
      ? `/profile?openChat=${encodeURIComponent(input.conversationId)}`
      : `/profile?tab=listings&inquiries=${input.vehicleId}`,
    metadata: input.conversationId ? { conversationId: input.conversationId, vehicleId: input.vehicleId } : { vehicleId: input.vehicleId },
    webhook: { event: 'inquiry.received', data: { vehicleId: input.vehicleId, listingTitle: input.listingTitle, buyerName: input.buyerName, conversationId: input.conversationId } },
  };
}

export function listingApprovedNotice(input: { sellerId: string; listingTitle: string; vehicleId: number }): NotificationDraft {
  return {
    userId: input.sellerId,
    type: 'listing',
    title: 'Your listing is live',
    message: `"${preview(input.listingTitle, 80)}" was approved and buyers can see it now.`,
    actionUrl: `/vehicles/${input.vehicleId}`,
    metadata: { vehicleId: input.vehicleId },
    webhook: { event: 'listing.approved', data: { vehicleId: input.vehicleId, title: input.listingTitle } },
  };
}

export function listingRejectedNotice(input: { sellerId: string; listingTitle: string; vehicleId: number; reason: string | null }): NotificationDraft {
  const why = input.reason ? ` Reason: ${preview(input.reason, 200)}` : '';
  return {
    userId: input.sellerId,
    type: 'listing',
    title: 'Your listing was not approved',
    message: `"${preview(input.listingTitle, 80)}" was not approved.${why}`,
    actionUrl: `/edit-listing/${input.vehicleId}`,
    metadata: { vehicleId: input.vehicleId },
    webhook: { event: 'listing.rejected', data: { vehicleId: input.vehicleId, title: input.listingTitle, reason: input.reason } },
  };
}

export function listingChangesApprovedNotice(input: { sellerId: string; listingTitle: string; vehicleId: number }): NotificationDraft {
  return {
    userId: input.sellerId,
    type: 'listing',
    title: 'Your changes are live',
    message: `Your changes to "${preview(input.listingTitle, 80)}" were approved and buyers see them now.`,
    actionUrl: `/vehicles/${input.vehicleId}`,
    metadata: { vehicleId: input.vehicleId },
  };
}

export function listingChangesRejectedNotice(input: { sellerId: string; listingTitle: string; vehicleId: number; reason: string }): NotificationDraft {
  return {
    userId: input.sellerId,
    type: 'listing',
    title: 'Your changes were not approved',
    message: `Your changes to "${preview(input.listingTitle, 80)}" were not approved; buyers still see the approved version. Reason: ${preview(input.reason, 200)}`,
    actionUrl: `/edit-listing/${input.vehicleId}`,
    metadata: { vehicleId: input.vehicleId },
  };
}
