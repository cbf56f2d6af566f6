import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, Listing, type ListingDetails, User } from '@voltmarket/domain';
import {
  AddToWishlist, AuditTrail, CurrentCarOfTheWeek, GetConversation, ListConversations, ListListingInquiries, ListNotifications, ListWishlist,
  MarkAllNotificationsRead, MarkConversationRead, MarkNotificationRead, ModerateListing, Notifier, RemoveFromWishlist, SendInquiry, SendMessage,
} from '../src/index.js';
import {
  FixedClock, InMemoryAuditLog, InMemoryCarOfTheWeekPicks, InMemoryListingRepository, InMemoryUnitOfWork, InMemoryUploadLedger,
  InMemoryUserRepository, SimplePhoneNumbers, InMemoryAlertQueue, InMemoryListingActivity } from './support/in-memory.js';
import { failure } from './support/failure.js';
import { InMemoryConversations, InMemoryInquiries, InMemoryNotifications, InMemoryWishlist, RecordingLiveEvents } from './support/in-memory-conversations.js';

const ada: Actor = { userId: 'adaBuyer', role: 'user' };
const emeka: Actor = { userId: 'emekaSeller', role: 'user' };
const tunde: Actor = { userId: 'tundeOther', role: 'user' };
const support: Actor = { userId: 'supportStaff', role: 'support' };

const details = (overrides: Partial<ListingDetails> = {}): ListingDetails => ({
  title: '2022 Hyundai IONIQ 5', description: 'One owner.', price: 38_500_000, year: 2022, mileage: 21_000, range: 480,
  vehicleType: 'car', brand: 'Hyundai', model: 'IONIQ 5', location: 'Port Harcourt', imageUrls: ['/uploads/ioniq.webp'],
  batteryHealth: 95, chargingType: 'Both', fastChargingTime: null, vin: null, sellerPhone: null,
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null, ...overrides,
});

let clock: FixedClock;
let listings: InMemoryListingRepository;
let users: InMemoryUserRepository;
let conversations: InMemoryConversations;
let notifications: InMemoryNotifications;
let events: RecordingLiveEvents;
let inquiries: InMemoryInquiries;
let wishlist: InMemoryWishlist;
let work: InMemoryUnitOfWork;
let notifier: Notifier;
let listingId: number;

async function person(uid: string, name: string, email: string): Promise<void> {
  await users.save(User.register({ uid, email, emailVerified: true, name, phone: null, signInProvider: 'password' }, clock.now()));
}

async function listing(status: 'active' | 'pending' | 'rejected' = 'active', sellerId = emeka.userId, overrides: Partial<ListingDetails> = {}): Promise<number> {
  const l = Listing.submit(await listings.nextId(), sellerId, details(overrides), clock.now());
  if (status === 'active') l.approve(clock.now());
  if (status === 'rejected') l.reject('Blurry photos', clock.now());
  await listings.save(l);
  return l.id;
}

const send = (actor: Actor | null, receiverId: string, content: string, vehicleId = listingId) =>
  new SendMessage(conversations, listings, users, notifier, events, work, clock).execute({ vehicleId, receiverId, content }, actor);
const markRead = (actor: Actor, conversationId: string) =>
  new MarkConversationRead(conversations, notifications, notifier, events, work, clock).execute({ conversationId }, actor);
const thread = (actor: Actor, otherUserId: string, vehicleId = listingId) =>
  new GetConversation(conversations, listings, conversations).execute({ vehicleId, otherUserId }, actor);
const inquire = (actor: Actor | null, overrides: Record<string, unknown> = {}) =>
  new SendInquiry(inquiries, conversations, listings, notifier, events, new SimplePhoneNumbers(), work, clock).execute({
    vehicleId: listingId, buyerName: 'Ada Okafor', buyerEmail: 'ada.okafor@example.ng', buyerPhone: '0803 555 1234',
    message: 'Is the price negotiable? I can inspect it in Port Harcourt on Saturday.', ...overrides,
  }, actor);

beforeEach(async () => {
  clock = new FixedClock(new Date('2026-11-24T09:00:00Z'));
  listings = new InMemoryListingRepository();
  users = new InMemoryUserRepository();
  conversations = new InMemoryConversations(listings, users);
  notifications = new InMemoryNotifications();
  events = new RecordingLiveEvents();
  inquiries = new InMemoryInquiries();
  wishlist = new InMemoryWishlist(listings);
  work = new InMemoryUnitOfWork([conversations, notifications, events, inquiries]);
  notifier = new Notifier(notifications, conversations, events, clock);
  await person(ada.userId, 'Ada Okafor', 'ada.okafor@example.ng');
  await person(emeka.userId, 'Emeka Bello', 'emeka@bello-motors.ng');
  await person(tunde.userId, 'Tunde Adeyemi', 'tunde@example.ng');
  listingId = await listing();
});

describe('sending a message', () => {
  it('from a buyer to the seller of a live listing opens the conversation, tells the seller and reaches both sides live', async () => {
    const sent = await send(ada, emeka.userId, '  Is it still available?  ');
    expect(sent).toMatchObject({ conversationId: `${listingId}_adaBuyer_emekaSeller`, senderId: 'adaBuyer', receiverId: 'emekaSeller', content: 'Is it still available?', isRead: false });
    expect(events.for('emekaSeller', 'message')).toHaveLength(1);
    expect(events.for('adaBuyer', 'message')).toHaveLength(1);
    const [notice] = (await new ListNotifications(notifications).execute(undefined, emeka)).notifications;
    expect(notice).toMatchObject({ type: 'message', title: 'New message from Ada Okafor', message: 'Is it still available?', isRead: false, metadata: { conversationId: sent.conversationId, count: 1 } });
    expect(events.for('emekaSeller', 'unread').at(-1)?.data).toEqual({ notifications: 1, messages: 1 });
  });

  it('keeps one unread notification per conversation, updated with the latest message', async () => {
    await send(ada, emeka.userId, 'Hello');
    await send(ada, emeka.userId, 'Are you there?');
    await send(ada, emeka.userId, 'I can pay ₦38,000,000 today.');
    const list = await new ListNotifications(notifications).execute(undefined, emeka);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications[0]).toMatchObject({ message: 'I can pay ₦38,000,000 today.', metadata: { count: 3 } });
  });

  it('lets the seller answer, and both go on after the listing leaves the market', async () => {
    await send(ada, emeka.userId, 'Hello');
    const l = (await listings.findById(listingId))!;
    l.reject('Sold elsewhere', clock.now());
    await listings.save(l);
    await expect(send(emeka, ada.userId, 'Sorry, it is sold.')).resolves.toMatchObject({ receiverId: 'adaBuyer' });
    await expect(send(ada, emeka.userId, 'Pity!')).resolves.toMatchObject({ receiverId: 'emekaSeller' });
  });

  it('cannot start about a listing that is not live, nor reach anyone but its seller', async () => {
    const pending = await listing('pending');
    expect((await failure(send(ada, emeka.userId, 'Hi', pending))).code).toBe('LISTING_NOT_AVAILABLE');
    expect((await failure(send(ada, emeka.userId, 'Hi', 9999))).code).toBe('LISTING_NOT_FOUND');
    expect((await failure(send(ada, tunde.userId, 'Hi'))).code).toBe('RECEIVER_NOT_SELLER');
    expect(conversations.rows.size).toBe(0);
    expect(events.rows.size).toBe(0);
  });

  it('is refused to oneself, and to a seller starting a chat on their own listing', async () => {
    expect((await failure(send(ada, ada.userId, 'Hi'))).code).toBe('CANNOT_MESSAGE_SELF');
    expect((await failure(send(emeka, ada.userId, 'Hi'))).code).toBe('CANNOT_MESSAGE_SELF');
  });

  it('needs a signed-in sender and 1 to 500 characters', async () => {
    expect((await failure(send(null, emeka.userId, 'Hi'))).kind).toBe('unauthenticated');
    expect((await failure(send(ada, emeka.userId, '   '))).kind).toBe('validation');
    expect((await failure(send(ada, emeka.userId, 'x'.repeat(501)))).kind).toBe('validation');
    expect(notifications.rows.size).toBe(0);
  });
});

describe('reading a conversation', () => {
  it('shows the empty chat to a buyer before the first message', async () => {
    expect(await thread(ada, emeka.userId)).toMatchObject({ conversationId: null, messages: [], otherUser: { firstName: 'Emeka' }, vehicle: { title: '2022 Hyundai IONIQ 5', available: true } });
  });

  it('shows both sides the same messages, oldest first', async () => {
    await send(ada, emeka.userId, 'Hello');
    clock.advance(60_000);
    await send(emeka, ada.userId, 'Welcome');
    const buyerSide = await thread(ada, emeka.userId);
    const sellerSide = await thread(emeka, ada.userId);
    expect(buyerSide.messages.map((m) => m.content)).toEqual(['Hello', 'Welcome']);
    expect(sellerSide.messages).toEqual(buyerSide.messages);
    expect(sellerSide.otherUser.displayName).toBe('Ada Okafor');
  });

  it('is not open to a third person, who sees only their own (empty) chat with the seller', async () => {
    await send(ada, emeka.userId, 'Private offer: ₦35,000,000');
    expect((await thread(tunde, emeka.userId)).messages).toEqual([]);
    expect((await failure(thread(tunde, ada.userId))).code).toBe('RECEIVER_NOT_SELLER');
  });

  it('lists each person\'s conversations with the other person, the listing, the last message and unread count', async () => {
    await send(ada, emeka.userId, 'Hello');
    await send(ada, emeka.userId, 'Still there?');
    const [forSeller] = await new ListConversations(conversations).execute(undefined, emeka);
    expect(forSeller).toMatchObject({ role: 'seller', otherUser: { id: 'adaBuyer' }, vehicle: { id: listingId }, lastMessage: { content: 'Still there?', senderId: 'adaBuyer' }, unreadCount: 2 });
    const [forBuyer] = await new ListConversations(conversations).execute(undefined, ada);
    expect(forBuyer).toMatchObject({ role: 'buyer', unreadCount: 0 });
    expect(await new ListConversations(conversations).execute(undefined, tunde)).toEqual([]);
  });
});

describe('read markers', () => {
  it('mark only the messages to the reader, once, and tell the sender', async () => {
    const first = await send(ada, emeka.userId, 'Hello');
    await send(emeka, ada.userId, 'Hi Ada');
    expect(await markRead(emeka, first.conversationId)).toEqual({ success: true, marked: 1 });
    expect(events.for('adaBuyer', 'read').map((e) => e.data)).toEqual([{ conversationId: first.conversationId, readerId: 'emekaSeller', messageIds: [first.messageId], readAt: clock.now().toISOString() }]);
    expect(await markRead(emeka, first.conversationId)).toEqual({ success: true, marked: 0 });
    expect(events.for('adaBuyer', 'read')).toHaveLength(1);
    // Ada's message to Emeka stays read; Emeka's to Ada is still unread until Ada reads it.
    expect((await thread(ada, emeka.userId)).messages.map((m) => m.isRead)).toEqual([true, false]);
  });

  it('clear the chat\'s notification', async () => {
    const sent = await send(ada, emeka.userId, 'Hello');
    await markRead(emeka, sent.conversationId);
    expect((await new ListNotifications(notifications).execute(undefined, emeka)).unreadCount).toBe(0);
    expect(events.for('emekaSeller', 'unread').at(-1)?.data).toEqual({ notifications: 0, messages: 0 });
  });

  it('are refused to a stranger and for ids that are not conversations', async () => {
    const sent = await send(ada, emeka.userId, 'Hello');
    expect((await failure(markRead(tunde, sent.conversationId))).code).toBe('NOT_IN_CONVERSATION');
    expect((await failure(markRead(tunde, 'not-a-conversation'))).kind).toBe('validation');
    expect((await thread(ada, emeka.userId)).messages[0]!.isRead).toBe(false);
  });
});

describe('inquiries', () => {
  it('from a visitor reach the seller as a notification and in the listing\'s inquiries, without a chat', async () => {
    const receipt = await inquire(null);
    expect(receipt).toMatchObject({ success: true, conversationId: null });
    const [notice] = (await new ListNotifications(notifications).execute(undefined, emeka)).notifications;
    expect(notice).toMatchObject({ type: 'other', title: 'New inquiry about 2022 Hyundai IONIQ 5', actionUrl: `/profile?tab=listings&inquiries=${listingId}` });
    const [stored] = await new ListListingInquiries(listings, inquiries).execute({ vehicleId: listingId }, emeka);
    expect(stored).toMatchObject({ buyerName: 'Ada Okafor', buyerPhone: '+2348035551234', buyerEmail: 'ada.okafor@example.ng' });
  });

  it('from a signed-in buyer also open the chat, so the seller can answer there', async () => {
    const receipt = await inquire(ada);
    expect(receipt.conversationId).toBe(`${listingId}_adaBuyer_emekaSeller`);
    expect((await thread(emeka, ada.userId)).messages.map((m) => m.content)).toEqual(['Is the price negotiable? I can inspect it in Port Harcourt on Saturday.']);
    const list = await new ListNotifications(notifications).execute(undefined, emeka);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications[0]).toMatchObject({ type: 'message', metadata: { conversationId: receipt.conversationId } });
  });

  it('are refused about one\'s own listing, a listing not live, and with bad fields (all named, nothing stored)', async () => {
    expect((await failure(inquire(emeka))).code).toBe('CANNOT_INQUIRE_OWN_LISTING');
    listingId = await listing('pending');
    expect((await failure(inquire(null))).code).toBe('LISTING_NOT_AVAILABLE');
    const bad = await failure(inquire(null, { buyerEmail: 'ada@', buyerPhone: '123', message: 'hi' }));
    expect(bad.details.map((d) => d.field)).toEqual(['buyerEmail', 'buyerPhone', 'message']);
    expect(inquiries.rows.size).toBe(0);
    expect(notifications.rows.size).toBe(0);
  });

  it('are read by the seller and staff only', async () => {
    await inquire(null);
    await expect(new ListListingInquiries(listings, inquiries).execute({ vehicleId: listingId }, support)).resolves.toHaveLength(1);
    expect((await failure(new ListListingInquiries(listings, inquiries).execute({ vehicleId: listingId }, ada))).code).toBe('NOT_LISTING_OWNER');
    expect((await failure(new ListListingInquiries(listings, inquiries).execute({ vehicleId: listingId }, null))).kind).toBe('unauthenticated');
  });
});

describe('notifications', () => {
  it('are marked read one at a time by their owner only, or all in one call', async () => {
    await send(ada, emeka.userId, 'Hello');
    await inquire(null);
    const [latest] = (await new ListNotifications(notifications).execute(undefined, emeka)).notifications;
    expect((await failure(new MarkNotificationRead(notifications, notifier, events, work, clock).execute({ id: latest!.id }, ada))).code).toBe('NOTIFICATION_NOT_FOUND');
    expect(await new MarkNotificationRead(notifications, notifier, events, work, clock).execute({ id: latest!.id }, emeka)).toMatchObject({ isRead: true });
    expect((await new ListNotifications(notifications).execute(undefined, emeka)).unreadCount).toBe(1);
    expect(await new MarkAllNotificationsRead(notifications, notifier, events, work, clock).execute(undefined, emeka)).toEqual({ success: true, marked: 1 });
    expect((await new ListNotifications(notifications).execute(undefined, emeka)).unreadCount).toBe(0);
  });

  it('tell the seller at once when staff approve or reject a listing, with the reason', async () => {
    const audit = new InMemoryAuditLog();
    const moderate = new ModerateListing(
      listings, users, new AuditTrail(audit, users, clock), new InMemoryUnitOfWork([listings, notifications], audit), clock,
      new CurrentCarOfTheWeek(new InMemoryCarOfTheWeekPicks(listings), clock), new InMemoryUploadLedger(listings, clock), new SimplePhoneNumbers(), notifier, new InMemoryAlertQueue(),
    );
    const first = await listing('pending');
    const second = await listing('pending', emeka.userId, { title: 'Electric Bikes NG City Cruiser' });
    await moderate.execute({ id: first, action: { kind: 'approve' } }, support);
    await moderate.execute({ id: second, action: { kind: 'reject', reason: 'Photos show a different bike' } }, support);
    const { notifications: list } = await new ListNotifications(notifications).execute(undefined, emeka);
    expect(list.map((n) => [n.type, n.title, n.actionUrl])).toEqual([
      ['listing', 'Your listing was not approved', `/edit-listing/${second}`],
      ['listing', 'Your listing is live', `/vehicles/${first}`],
    ]);
    expect(list[0]!.message).toContain('Photos show a different bike');
    // Approving again changes nothing and tells nobody twice.
    await moderate.execute({ id: first, action: { kind: 'approve' } }, support).catch(() => undefined);
    expect((await new ListNotifications(notifications).execute(undefined, emeka)).notifications).toHaveLength(2);
  });
});

describe('the wishlist', () => {
  let activity: InMemoryListingActivity;
  beforeEach(() => {
    activity = new InMemoryListingActivity(listings, clock);
  });
  const add = (actor: Actor, vehicleId = listingId) => new AddToWishlist(wishlist, wishlist, listings, clock, activity).execute({ vehicleId }, actor);

  it('holds a listing once, and shows it as no longer available once it leaves the market', async () => {
    expect((await add(ada)).added).toBe(true);
    expect((await add(ada)).added).toBe(false);
    // Counted once, as a save, for the seller's insights.
    expect(activity.saves.get(listingId)).toBe(1);
    const l = (await listings.findById(listingId))!;
    l.reject('Sold', clock.now());
    await listings.save(l);
    const [item] = await new ListWishlist(wishlist).execute(undefined, ada);
    expect(item!.vehicle).toMatchObject({ id: listingId, title: '2022 Hyundai IONIQ 5', available: false });
    await listings.remove(l);
    const [gone] = await new ListWishlist(wishlist).execute(undefined, ada);
    expect(gone!.vehicle).toEqual({ id: listingId, title: '2022 Hyundai IONIQ 5', location: null, price: null, imageUrl: null, available: false });
  });

  it('takes only live listings, and removing twice is harmless', async () => {
    const pending = await listing('pending');
    // A buyer is not told a listing off the market exists; its seller is told why it cannot be saved.
    expect((await failure(add(ada, pending))).code).toBe('LISTING_NOT_FOUND');
    expect(await failure(add(emeka, pending))).toMatchObject({ code: 'LISTING_NOT_AVAILABLE', message: 'Only a live listing can be saved to a wishlist.' });
    expect((await failure(add(ada, 4242))).code).toBe('LISTING_NOT_FOUND');
    await add(ada);
    await new RemoveFromWishlist(wishlist).execute({ vehicleId: listingId }, ada);
    await new RemoveFromWishlist(wishlist).execute({ vehicleId: listingId }, ada);
    expect(await new ListWishlist(wishlist).execute(undefined, ada)).toEqual([]);
  });

  it('is each person\'s own', async () => {
    await add(ada);
    expect(await new ListWishlist(wishlist).execute(undefined, tunde)).toEqual([]);
  });
});
