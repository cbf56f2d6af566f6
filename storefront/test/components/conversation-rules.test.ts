import { describe, expect, it } from 'vitest';
import { messageLength, parseConversationId, previewOf, quickActionText, QUICK_ACTIONS, timeHeaders } from '../../src/features/chat/chat-rules';
import { notificationTarget } from '../../src/features/notifications/notification-target';
import { relativeTime } from '../../src/features/notifications/relative-time';
import { countBadge } from '../../src/lib/count-badge';

const at = (base: string, plusMs: number) => new Date(Date.parse(base) + plusMs).toISOString();
const START = '2026-05-12T09:00:00.000Z';

describe('time headers in a chat', () => {
  it('go above the first message and above any message sent more than 5 minutes after the previous one', () => {
    const times = [START, at(START, 60_000), at(START, 60_000 + 300_001), at(START, 60_000 + 300_001 + 299_999)];
    expect(timeHeaders(times)).toEqual([true, false, true, false]);
  });

  it('do not go above a message sent exactly 5 minutes after the previous one', () => {
    expect(timeHeaders([START, at(START, 300_000)])).toEqual([true, false]);
  });

  it('measure each gap from the message just before, not from the last header', () => {
    const everyFourMinutes = [0, 1, 2, 3].map((i) => at(START, i * 240_000));
    expect(timeHeaders(everyFourMinutes)).toEqual([true, false, false, false]);
  });
});

describe('quick actions', () => {
  it('ask what car buyers ask, each a polite sentence naming the car by its title', () => {
    const ioniq = '2022 Hyundai IONIQ 5';
    expect(QUICK_ACTIONS.map((action) => [action.label, quickActionText(action, ioniq)])).toEqual([
      ['Still available?', 'Hello, is the 2022 Hyundai IONIQ 5 still available?'],
      ['Inspection & test drive', 'Hello, could I inspect the 2022 Hyundai IONIQ 5 and take it for a test drive? Which day would suit you?'],
      ['Best price', 'Hello, what is your best price for the 2022 Hyundai IONIQ 5?'],
      ['Documents & customs', 'Hello, which documents come with the 2022 Hyundai IONIQ 5, and are its customs papers in order?'],
      ['Delivery', 'Hello, can you deliver the 2022 Hyundai IONIQ 5? How much would delivery cost, and how long would it take?'],
    ]);
  });

  it('say "the car" when the listing has no title to name', () => {
    expect(quickActionText(QUICK_ACTIONS[0], '  ')).toBe('Hello, is the car still available?');
  });
});

describe('the length of a message', () => {
  it('is counted as the server counts it: characters once trimmed, an emoji as one', () => {
    expect(messageLength('  Is it still available?\n ')).toBe(22);
    expect(messageLength('👍'.repeat(500))).toBe(500);
    expect(messageLength('   ')).toBe(0);
  });
});

describe('the last-message preview in Profile → Chats', () => {
  it('keeps a message of 50 characters whole', () => {
    const fifty = 'Is the IONIQ 5 still available in Port Harcourt???';
    expect(fifty).toHaveLength(50);
    expect(previewOf(fifty)).toBe(fifty);
  });

  it('cuts a longer message after 50 characters', () => {
    const long = 'Good afternoon Chukwuemeka, I can pay ₦38,500,000 today if the battery report is fine.';
    expect(previewOf(long)).toBe(`${long.slice(0, 50)}...`);
    expect(previewOf(long).startsWith('Good afternoon Chukwuemeka, I can pay ₦38,500,000 ')).toBe(true);
  });
});

describe('a conversation id from a notification', () => {
  const id = '41_buyer-chukwuemeka_seller-adaeze';

  it('names the seller as the other person when the buyer opens it', () => {
    expect(parseConversationId(id, 'buyer-chukwuemeka')).toEqual({ vehicleId: 41, otherUserId: 'seller-adaeze' });
  });

  it('names the buyer as the other person when the seller opens it', () => {
    expect(parseConversationId(id, 'seller-adaeze')).toEqual({ vehicleId: 41, otherUserId: 'buyer-chukwuemeka' });
  });

  it('is refused when it is not one of mine, or malformed', () => {
    expect(parseConversationId(id, 'someone-else')).toBeNull();
    expect(parseConversationId('0_a_b', 'a')).toBeNull();
    expect(parseConversationId('41_a_b_c', 'a')).toBeNull();
    expect(parseConversationId('41_a', 'a')).toBeNull();
  });
});

describe('count badges', () => {
  it('show nothing for none, the count up to 9 and 9+ above', () => {
    expect([0, 1, 9, 10, 250].map(countBadge)).toEqual([null, '1', '9', '9+', '9+']);
  });
});

describe('relative times on notifications', () => {
  const now = Date.parse('2026-05-12T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('reads Just now, Nm ago, Nh ago and Nd ago', () => {
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(ago(60_000), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60_000 + 59_000), now)).toBe('59m ago');
    expect(relativeTime(ago(3_600_000), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3_600_000 + 3_599_000), now)).toBe('23h ago');
    expect(relativeTime(ago(86_400_000), now)).toBe('1d ago');
    expect(relativeTime(ago(16 * 86_400_000), now)).toBe('16d ago');
  });

  it('reads a time slightly ahead of this device as Just now', () => {
    expect(relativeTime(ago(-90_000), now)).toBe('Just now');
  });
});

describe('where a notification leads', () => {
  it('a message with a conversation opens that chat on Profile', () => {
    expect(notificationTarget({ type: 'message', actionUrl: '/vehicles/41', metadata: { conversationId: '41_buyer-1_seller-1' } })).toBe('/profile?openChat=41_buyer-1_seller-1');
  });

  it('anything else goes to its actionUrl, or nowhere', () => {
    expect(notificationTarget({ type: 'listing', actionUrl: '/vehicles/41', metadata: {} })).toBe('/vehicles/41');
    expect(notificationTarget({ type: 'message', actionUrl: '/profile?tab=chats', metadata: {} })).toBe('/profile?tab=chats');
    expect(notificationTarget({ type: 'system', actionUrl: null, metadata: {} })).toBeNull();
  });
});
