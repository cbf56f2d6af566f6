import { describe, expect, it } from 'vitest';
import {
  checkInquiry, conversationId, DomainError, listingApprovedNotice, listingRejectedNotice, Message, MESSAGE_MAX, messageContent, newInquiryNotice,
  newMessageNotice, openingKey, otherParticipant, parseConversationId, preview, ValidationError,
} from '../src/index.js';

const key = { vehicleId: 1042, buyerId: 'u7Kq2BuyerAda', sellerId: 'Zx9SellerEmeka' };
const now = new Date('2026-11-24T09:00:00Z');

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? err.code : 'not a domain error';
  }
  return undefined;
}

describe('conversation ids', () => {
  it('are {vehicleId}_{buyerId}_{sellerId} and read back to the same key', () => {
    expect(conversationId(key)).toBe('1042_u7Kq2BuyerAda_Zx9SellerEmeka');
    expect(parseConversationId('1042_u7Kq2BuyerAda_Zx9SellerEmeka')).toEqual(key);
  });

  it.each(['', '1042', '1042_a', '0_a_b', 'x_a_b', '1042_a_b_c', '99999999999_a_b', '1042__b', '-1_a_b'])('refuse %j', (id) => {
    expect(parseConversationId(id)).toBeNull();
  });

  it('name the other side for each of its two people and refuse a stranger', () => {
    expect(otherParticipant(key, key.buyerId)).toBe(key.sellerId);
    expect(otherParticipant(key, key.sellerId)).toBe(key.buyerId);
    expect(codeOf(() => otherParticipant(key, 'someone-else'))).toBe('NOT_IN_CONVERSATION');
  });
});

describe('a message', () => {
  it('is trimmed, and 1 to 500 characters long (an emoji is one character)', () => {
    expect(messageContent('  Is the IONIQ 5 still available in Port Harcourt?  ')).toBe('Is the IONIQ 5 still available in Port Harcourt?');
    expect(messageContent('🚗'.repeat(MESSAGE_MAX))).toHaveLength(MESSAGE_MAX * 2);
    expect(() => messageContent('   \n\t ')).toThrow(ValidationError);
    expect(() => messageContent('a'.repeat(MESSAGE_MAX + 1))).toThrow(ValidationError);
    expect(messageContent(`${'a'.repeat(MESSAGE_MAX)}   `)).toHaveLength(MESSAGE_MAX);
  });

  it('goes from one participant to the other, unread', () => {
    const m = Message.write(key, key.sellerId, 'Yes, come and see it in Benin City on Saturday.', now);
    expect(m).toMatchObject({ conversationId: '1042_u7Kq2BuyerAda_Zx9SellerEmeka', senderId: key.sellerId, receiverId: key.buyerId, isRead: false, readAt: null });
  });

  it('cannot be written by someone outside the conversation', () => {
    expect(codeOf(() => Message.write(key, 'intruder', 'hello', now))).toBe('NOT_IN_CONVERSATION');
  });

  it('is marked read only by its receiver, once', () => {
    const m = Message.write(key, key.buyerId, 'Hello', now);
    expect(m.markReadBy(key.buyerId, now)).toBe(false);
    expect(m.markReadBy('intruder', now)).toBe(false);
    expect(m.isRead).toBe(false);
    expect(m.markReadBy(key.sellerId, now)).toBe(true);
    expect(m.readAt).toEqual(now);
    expect(m.markReadBy(key.sellerId, new Date(now.getTime() + 60_000))).toBe(false);
    expect(m.readAt).toEqual(now);
  });
});

describe('the first message about a listing', () => {
  const listing = { vehicleId: 1042, sellerId: 'Zx9SellerEmeka' };

  it('goes from a buyer to the listing\'s seller', () => {
    expect(openingKey({ ...listing, senderId: 'u7Kq2BuyerAda', receiverId: 'Zx9SellerEmeka' })).toEqual(key);
  });

  it('is refused to oneself, from the seller on their own listing, and to anyone but the seller', () => {
    expect(codeOf(() => openingKey({ ...listing, senderId: 'u7Kq2BuyerAda', receiverId: 'u7Kq2BuyerAda' }))).toBe('CANNOT_MESSAGE_SELF');
    expect(codeOf(() => openingKey({ ...listing, senderId: 'Zx9SellerEmeka', receiverId: 'u7Kq2BuyerAda' }))).toBe('CANNOT_MESSAGE_SELF');
    expect(codeOf(() => openingKey({ ...listing, senderId: 'u7Kq2BuyerAda', receiverId: 'another-buyer' }))).toBe('RECEIVER_NOT_SELLER');
  });
});

describe('an inquiry', () => {
  const draft = {
    vehicleId: 1042, buyerName: '  Chukwuemeka   Okonkwo-Adeyemi ', buyerEmail: ' Chukwuemeka.Okonkwo-Adeyemi@Lagos-Business-School.edu.ng ',
    buyerPhone: '+2348035551234', message: '  Is the price of ₦38,500,000 negotiable?\n\n\n\nI can pay in Port Harcourt.  ',
  };

  it('is stored cleaned: one-line name, lower-case email, trimmed message', () => {
    expect(checkInquiry(draft)).toEqual({
      vehicleId: 1042, buyerName: 'Chukwuemeka Okonkwo-Adeyemi', buyerEmail: 'chukwuemeka.okonkwo-adeyemi@lagos-business-school.edu.ng',
      buyerPhone: '+2348035551234', message: 'Is the price of ₦38,500,000 negotiable?\n\nI can pay in Port Harcourt.',
    });
  });

  it('names every field that is wrong at once', () => {
    try {
      checkInquiry({ vehicleId: 1, buyerName: 'A', buyerEmail: 'ada@', buyerPhone: null, message: 'hi' });
      expect.unreachable();
    } catch (err) {
      expect((err as ValidationError).details.map((d) => d.field)).toEqual(['buyerName', 'buyerEmail', 'buyerPhone', 'message']);
    }
  });

  it('takes up to 100 characters of name, 254 of email and 500 of message', () => {
    const long = { ...draft, buyerName: 'N'.repeat(100), buyerEmail: `${'e'.repeat(64)}@${'d'.repeat(63)}.${'c'.repeat(63)}.${'b'.repeat(58)}.ng`, message: 'm'.repeat(500) };
    expect(long.buyerEmail).toHaveLength(254);
    expect(() => checkInquiry(long)).not.toThrow();
    for (const tooLong of [{ buyerName: 'N'.repeat(101) }, { buyerEmail: `x${long.buyerEmail}` }, { message: 'm'.repeat(501) }]) {
      expect(() => checkInquiry({ ...long, ...tooLong })).toThrow(ValidationError);
    }
  });
});

describe('notifications', () => {
  it('for a new message name the sender, preview the text and lead to the chat', () => {
    const n = newMessageNotice({ receiverId: 'Zx9SellerEmeka', senderName: 'Ada Okafor', content: 'Hello '.repeat(40), conversationId: '1042_u7Kq2BuyerAda_Zx9SellerEmeka', vehicleId: 1042 });
    expect(n).toMatchObject({ userId: 'Zx9SellerEmeka', type: 'message', title: 'New message from Ada Okafor', actionUrl: '/profile?openChat=1042_u7Kq2BuyerAda_Zx9SellerEmeka' });
    expect(n.metadata).toEqual({ conversationId: '1042_u7Kq2BuyerAda_Zx9SellerEmeka', vehicleId: 1042 });
    expect([...n.message].length).toBeLessThanOrEqual(120);
    expect(n.message.endsWith('…')).toBe(true);
  });

  it('for an inquiry lead to the chat when it opened one, else to the listing\'s inquiries', () => {
    const withChat = newInquiryNotice({ sellerId: 's', buyerName: 'Ada', listingTitle: '2023 Tesla Model Y', vehicleId: 7, conversationId: '7_b_s' });
    expect(withChat).toMatchObject({ type: 'message', metadata: { conversationId: '7_b_s' }, title: 'New inquiry about 2023 Tesla Model Y' });
    const visitor = newInquiryNotice({ sellerId: 's', buyerName: 'Ada', listingTitle: '2023 Tesla Model Y', vehicleId: 7, conversationId: null });
    expect(visitor).toMatchObject({ type: 'other', actionUrl: '/profile?tab=listings&inquiries=7', metadata: { vehicleId: 7 } });
  });

  it('for moderation say the outcome, with the reason for a rejection', () => {
    expect(listingApprovedNotice({ sellerId: 's', listingTitle: 'Electric Bikes NG City Cruiser', vehicleId: 9 })).toMatchObject({ type: 'listing', actionUrl: '/vehicles/9' });
    expect(listingRejectedNotice({ sellerId: 's', listingTitle: 'Kia EV6', vehicleId: 9, reason: 'Photos show a different car' }).message)
      .toBe('"Kia EV6" was not approved. Reason: Photos show a different car');
  });

  it('previews cut at a word and keep short text whole', () => {
    expect(preview('Short and sweet')).toBe('Short and sweet');
    expect(preview('one two three four five', 12)).toBe('one two…');
  });
});
