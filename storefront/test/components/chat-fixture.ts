import { vi } from 'vitest';
import type { ChatMessage, ChatThread, Conversation } from '../../src/lib/api-types';

export const BUYER = 'buyer-chukwuemeka';
export const SELLER = 'seller-adaeze';
export const CONVERSATION = `41_${BUYER}_${SELLER}`;

export function chatMessage(changes: Partial<ChatMessage> & Pick<ChatMessage, 'messageId' | 'senderId' | 'content' | 'timestamp'>): ChatMessage {
  const receiverId = changes.senderId === BUYER ? SELLER : BUYER;
  return { conversationId: CONVERSATION, receiverId, isRead: false, readAt: null, ...changes };
}

/** The buyer's view of their chat with the seller of listing 41. */
export function buyersThread(changes: Partial<ChatThread> = {}): ChatThread {
  return {
    success: true,
    conversationId: CONVERSATION,
    vehicle: { id: 41, title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000, location: 'Port Harcourt', imageUrl: '/uploads/2026/11/a.webp', available: true },
    otherUser: { id: SELLER, firstName: 'Adaeze', email: 'adaeze.nwachukwu-okafor@lagos-ev-motors.example.test', displayName: 'Adaeze Nwachukwu-Okafor' },
    youAre: 'buyer',
    messages: [
      chatMessage({ messageId: 301, senderId: SELLER, content: 'Good morning, the IONIQ 5 is still available.', timestamp: '2026-05-12T09:00:00Z', isRead: true, readAt: '2026-05-12T09:01:00Z' }),
      chatMessage({ messageId: 302, senderId: BUYER, content: 'Can I see it in Port Harcourt on Saturday?', timestamp: '2026-05-12T09:03:00Z', isRead: true, readAt: '2026-05-12T09:04:00Z' }),
      chatMessage({ messageId: 303, senderId: BUYER, content: 'Would you take ₦37,000,000?', timestamp: '2026-05-12T09:10:00Z' }),
    ],
    hasMore: false,
    ...changes,
  };
}

export function conversation(changes: Partial<Conversation> = {}): Conversation {
  return {
    conversationId: CONVERSATION,
    vehicleId: 41,
    role: 'seller',
    otherUser: { id: BUYER, firstName: 'Chukwuemeka', email: 'chukwuemeka.okonkwo-adeyemi@portharcourt-logistics.example.test', displayName: 'Chukwuemeka Okonkwo-Adeyemi' },
    vehicle: { id: 41, title: '2022 Hyundai IONIQ 5 Long Range', price: 38_500_000, location: 'Port Harcourt', imageUrl: null, available: true },
    lastMessage: { content: 'Would you take ₦37,000,000?', createdAt: '2026-05-12T09:10:00Z', isRead: false, senderId: BUYER },
    unreadCount: 1,
    ...changes,
  };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export interface StubbedCall {
  method: string;
  url: string;
  body: unknown;
  /** The request's Idempotency-Key header, if it had one. */
  idempotencyKey?: string;
}

/** Replaces fetch with `routes` ("METHOD /path" → answer); any other request fails the test. Returns the calls made. */
export function stubApi(routes: Record<string, (body: unknown) => Response | Promise<Response>>): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const idempotencyKey = (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    calls.push({ method, url, body, ...(idempotencyKey ? { idempotencyKey } : {}) });
    const route = routes[`${method} ${url}`];
    if (!route) throw new Error(`Unexpected request in test: ${method} ${url}`);
    return route(body);
  });
  return calls;
}
