import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@voltmarket/domain';
import {
  approveVehicle,
  changeRentalStatus,
  createRentalVehicle,
  createVehicle,
  createVoltmarketClient,
  getPayment,
  getRental,
  getRentalQuote,
  getVehicle,
  listAdminVehicles,
  listAdvertisingPackages,
  listChatMessages,
  listConversations,
  listMyBoosts,
  listMyRentals,
  listMyVehicles,
  listRentalVehicles,
  purchaseBoost,
  requestRental,
  revealVehicleContact,
  searchVehicles,
  sendChatMessage,
  sendInquiry,
  updateVehicle,
  uploadImage,
  type Client,
} from '@voltmarket/sdk';
import { conforming, validatedAnswers } from '../support/contract-responses.js';
import { closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * What an integrator does with the generated SDK, end to end against the real API: sell a car,
 * moderate it, buy it, boost it through the sandbox checkout, rent one out. Every call goes through
 * the SDK, and every answer's body is held to openapi.yaml for its operation and status.
 */
type Account = Awaited<ReturnType<typeof signedInUser>>;
let api: TestApi;
let seller: Account;
let buyer: Account;
let visitor: Client;
let sellerClient: Client;
let buyerClient: Client;
let adminClient: Client;
let listingId: number;

const day = (n: number) => addDays(lagosDay(new Date()), n);

/** A real photo, as a phone's camera would give it. */
async function photoOfACar(colour: string): Promise<Blob> {
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).jpeg().toBuffer();
  return new Blob([jpeg], { type: 'image/jpeg' });
}

/** Paystack's (here the sandbox's) checkout, walked like a browser: open the page, press Pay, come back to our callback. */
async function payInTheSandbox(paymentUrl: string): Promise<{ page: string; result: URL }> {
  const page = await fetch(paymentUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+\/pay)">/.exec(html)?.[1];
  expect(action, 'the checkout offers Pay').toBeDefined();
  const paid = await fetch(new URL(action ?? '', paymentUrl), { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const callback = await fetch(paid.headers.get('location') ?? '', { redirect: 'manual' });
  expect(callback.status).toBe(302);
  return { page: html, result: new URL(callback.headers.get('location') ?? '', api.url) };
}

beforeAll(async () => {
  api = await startTestApi();
  const admin = await signedInAs(api.staffEmails.admin);
  seller = await signedInUser({ name: 'Chukwuemeka Okonkwo-Adeyemi', email: 'chukwuemeka@ph-ev-motors.com.ng' });
  buyer = await signedInUser({ name: 'Aisha Bello', email: 'aisha.bello@gmail.com' });
  visitor = createVoltmarketClient(api.url);
  sellerClient = createVoltmarketClient(api.url, seller.token);
  buyerClient = createVoltmarketClient(api.url, buyer.token);
  adminClient = createVoltmarketClient(api.url, admin.token);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('an integrator\'s journeys through the generated SDK', () => {
  it('a seller uploads a photo, submits a listing, reads it back, edits it and sees it pending among their listings', async () => {
    const photo = await conforming(201, uploadImage({ client: sellerClient, body: { image: await photoOfACar('#1d4e89') } }));
    expect(photo.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    expect([photo.width, photo.height]).toEqual([1200, 800]);

    const submitted = await conforming(201, createVehicle({
      client: sellerClient,
      body: {
        title: '2023 Mercedes-Benz EQS SUV 580 4MATIC',
        description: 'Imported 2024 and registered in Rivers. One owner, full Mercedes-Benz service history, seven seats, home wallbox included.',
        price: 185_000_000, year: 2023, mileage: 18_400, range: 580, batteryHealth: 97, chargingType: 'Both',
        vehicleType: 'car', brand: 'Mercedes-Benz', model: 'EQS SUV', location: 'Port Harcourt',
        imageUrls: [photo.imageUrl], sellerPhone: '0803 555 1234',
      },
    }));
    listingId = submitted.id;
    expect(submitted).toMatchObject({
      status: 'pending', isVerified: false, sellerId: seller.uid, price: 185_000_000, location: 'Port Harcourt',
      imageUrls: [photo.imageUrl], sellerPhone: '+2348035551234',
    });

    const readBack = await conforming(200, getVehicle({ client: sellerClient, path: { id: listingId } }));
    expect(readBack).toMatchObject({ id: listingId, title: '2023 Mercedes-Benz EQS SUV 580 4MATIC', status: 'pending', seller: { id: seller.uid, email: seller.email } });

    const edited = await conforming(200, updateVehicle({
      client: sellerClient,
      path: { id: listingId },
      body: { price: 179_500_000, description: 'Imported 2024 and registered in Rivers. One owner, full Mercedes-Benz service history, seven seats. Wallbox and a spare charging cable included.' },
    }));
    expect(edited).toMatchObject({ id: listingId, price: 179_500_000, status: 'pending', changeReview: null });
    expect(edited.description).toContain('spare charging cable');

    const mine = await conforming(200, listMyVehicles({ client: sellerClient }));
    expect(mine.map((l) => [l.id, l.status, l.price, l.changesWaiting, l.expiresAt])).toEqual([[listingId, 'pending', 179_500_000, false, null]]);
  });

  it('an admin finds it among the pending listings, approves it, and visitors then find it in search', async () => {
    const pending = await listAdminVehicles({
      client: adminClient,
      query: { filter: JSON.stringify({ status: 'pending' }), sort: JSON.stringify(['createdAt', 'DESC']), range: JSON.stringify([0, 24]) },
    });
    const queue = await conforming(200, pending);
    expect(queue.map((l) => [l.id, l.status, l.price])).toEqual([[listingId, 'pending', 179_500_000]]);
    expect(pending.response.headers.get('content-range')).toBe('vehicles 0-0/1');

    const before = await conforming(200, searchVehicles({ client: visitor, query: { location: 'port harcourt' } }));
    expect(before.map((l) => l.id)).not.toContain(listingId);

    const approved = await conforming(200, approveVehicle({ client: adminClient, path: { id: listingId } }));
    expect(approved).toMatchObject({ id: listingId, status: 'active', isVerified: true });
    expect(approved.approvedAt).not.toBeNull();

    const after = await conforming(200, searchVehicles({ client: visitor, query: { location: 'port harcourt', brand: 'mercedes benz' } }));
    expect(after.map((l) => [l.id, l.status, l.seller.id])).toEqual([[listingId, 'active', seller.uid]]);
  });

  it('a buyer searches with filters and text, reads the listing signed in, asks for the contact details, inquires and chats', async () => {
    const search = await searchVehicles({
      client: buyerClient,
      query: { search: 'eqs suv 4matic', brand: 'Mercedes-Benz', minPrice: 150_000_000, maxPrice: 200_000_000, vehicleType: 'car', sort: 'price_desc' },
    });
    const found = await conforming(200, search);
    expect(found.map((l) => [l.id, l.title, l.price, l.location])).toEqual([[listingId, '2023 Mercedes-Benz EQS SUV 580 4MATIC', 179_500_000, 'Port Harcourt']]);
    expect(search.response.headers.get('x-total-count')).toBe('1');
    // Search's security is optional and the SDK sends the token to it: a signed-in answer is never cached.
    expect(search.request.headers.get('authorization')).toBe(`Bearer ${buyer.token}`);
    expect(search.response.headers.get('cache-control')).toBe('no-store');

    // Text that names a city is searched as that city, and says so.
    const byCity = await searchVehicles({ client: buyerClient, query: { search: 'mercedes eqs in port harcourt' } });
    expect((await conforming(200, byCity)).map((l) => l.id)).toEqual([listingId]);
    expect(byCity.response.headers.get('x-search-location')).toBe('Port Harcourt');

    // The listing itself does not carry the seller's phone and email to a buyer, signed in or not:
    // those come one listing at a time from "Show phone", which is counted.
    const asVisitor = await conforming(200, getVehicle({ client: visitor, path: { id: listingId } }));
    const asBuyer = await conforming(200, getVehicle({ client: buyerClient, path: { id: listingId } }));
    for (const listing of [asVisitor, asBuyer]) {
      expect(listing).toMatchObject({ id: listingId, status: 'active', seller: { id: seller.uid } });
      expect([listing.seller.email, listing.seller.phone, listing.sellerPhone]).toEqual([undefined, undefined, undefined]);
    }
    const contact = await conforming(200, revealVehicleContact({ client: buyerClient, path: { id: listingId } }));
    expect(contact).toEqual({ phone: '+2348035551234', email: seller.email });

    const question = 'Good afternoon. Is the EQS SUV still available? I can come to Port Harcourt on Saturday to inspect it.';
    const inquiry = await conforming(201, sendInquiry({
      client: buyerClient,
      body: { vehicleId: listingId, buyerName: 'Aisha Bello', buyerEmail: buyer.email, buyerPhone: '0812 345 6789', message: question },
    }));
    const conversationId = `${listingId}_${buyer.uid}_${seller.uid}`;
    expect(inquiry).toMatchObject({ success: true, conversationId });

    const offer = 'Would you take ₦175,000,000 if the inspection goes well?';
    const sent = await conforming(201, sendChatMessage({ client: buyerClient, body: { vehicleId: listingId, content: offer, receiverId: seller.uid } }));
    expect(sent.message).toMatchObject({ conversationId, senderId: buyer.uid, receiverId: seller.uid, content: offer, isRead: false });

    const thread = await conforming(200, listChatMessages({ client: buyerClient, path: { vehicleId: listingId, otherUserId: seller.uid } }));
    expect(thread).toMatchObject({ conversationId, youAre: 'buyer', vehicle: { id: listingId, price: 179_500_000, available: true }, otherUser: { id: seller.uid }, hasMore: false });
    expect(thread.messages.map((m) => [m.senderId, m.content])).toEqual([[buyer.uid, question], [buyer.uid, offer]]);
    expect(thread.messages.at(-1)?.messageId).toBe(sent.message.messageId);

    const sellersInbox = await conforming(200, listConversations({ client: sellerClient }));
    expect(sellersInbox.map((c) => [c.conversationId, c.role, c.otherUser.id, c.lastMessage.content, c.unreadCount])).toEqual([
      [conversationId, 'seller', buyer.uid, offer, 2],
    ]);
  });

  it('the seller buys a boost, pays in the sandbox checkout, and reads the payment as succeeded and the boost as running', async () => {
    const offers = await conforming(200, listAdvertisingPackages({ client: visitor }));
    const premium = offers.find((o) => o.type === 'premium');
    expect(premium).toMatchObject({ name: 'Premium Spotlight', tier: 2, price: 12_000, priceKobo: 1_200_000, durationDays: 14 });

    const purchase = await conforming(201, purchaseBoost({ client: sellerClient, body: { vehicleId: listingId, packageType: 'premium', paymentMethod: 'card' } }));
    expect(purchase.paymentUrl).toMatch(new RegExp(`^${api.url}/sandbox/paystack/checkout/`));
    const pendingPayment = await conforming(200, getPayment({ client: sellerClient, path: { reference: purchase.reference } }));
    expect(pendingPayment).toMatchObject({ status: 'pending', paidAt: null });

    const { page, result } = await payInTheSandbox(purchase.paymentUrl);
    expect(page).toContain(purchase.reference);
    expect(page).toContain('NGN 12,000');
    expect(Object.fromEntries(result.searchParams)).toMatchObject({ payment: 'success', reference: purchase.reference });

    const payment = await conforming(200, getPayment({ client: sellerClient, path: { reference: purchase.reference } }));
    expect(payment).toMatchObject({ reference: purchase.reference, status: 'success', amount: 12_000, currency: 'NGN', packageType: 'premium', vehicleId: listingId });
    expect(payment.paidAt).not.toBeNull();

    const boosts = await conforming(200, listMyBoosts({ client: sellerClient }));
    expect(boosts.map((b) => [b.reference, b.vehicleId, b.packageType, b.status, b.paymentStatus, b.daysLeft])).toEqual([
      [purchase.reference, listingId, 'premium', 'active', 'success', 14],
    ]);

    const boosted = await conforming(200, getVehicle({ client: visitor, path: { id: listingId } }));
    expect(boosted).toMatchObject({ isPremium: true, boost: { tier: 2, packageName: 'Premium Spotlight' } });
    // The boost's end, as the payment, the seller's boosts and the listing each tell it.
    expect([payment.boostEndsAt, boosted.boost?.endsAt]).toEqual([boosts[0]?.endDate, boosts[0]?.endDate]);
  });

  it('a renter finds a rental vehicle, gets a quote and asks for it; the owner confirms and the renter reads it confirmed', async () => {
    const photo = await conforming(201, uploadImage({ client: adminClient, body: { image: await photoOfACar('#c0c0c0') } }));
    const vehicle = await conforming(201, createRentalVehicle({
      client: adminClient,
      body: {
        title: '2024 Hyundai IONIQ 5 Long Range AWD', description: 'Family SUV with Vehicle-to-Load; delivered to the airport or your hotel.',
        brand: 'Hyundai', model: 'IONIQ 5', year: 2024, price: 48_500_000, mileage: 12_300, range: 488, batteryCapacity: 77.4,
        chargingType: 'Both', bodyType: 'SUV', seats: 5, features: ['Vehicle-to-Load', '360° Camera'], vehicleType: 'car',
        dailyRentalRate: 32_000, weeklyRentalRate: 190_000, monthlyRentalRate: 720_000,
        location: 'Port Harcourt', imageUrls: [photo.imageUrl], isRentalAvailable: true, sellerId: seller.uid,
      },
    }));
    expect(vehicle).toMatchObject({ status: 'active', sellerId: seller.uid, dailyRentalRate: 32_000, weeklyRentalRate: 190_000, bodyType: 'SUV', seats: 5 });

    const [from, to] = [day(3), day(6)];
    const free = await conforming(200, listRentalVehicles({ client: visitor, query: { location: 'port harcourt', startDate: from, endDate: to } }));
    expect(free.map((v) => [v.id, v.availability, v.owner.id, v.quote?.total])).toEqual([[vehicle.id, 'available', seller.uid, 96_000]]);

    const quote = await conforming(200, getRentalQuote({ client: buyerClient, query: { vehicleId: vehicle.id, startDate: from, endDate: to } }));
    expect(quote).toMatchObject({ vehicleId: vehicle.id, days: 3, lines: [{ unit: 'day', count: 3, rate: 32_000, amount: 96_000 }], total: 96_000, available: true });

    const asked = await conforming(201, requestRental({
      client: buyerClient,
      body: {
        vehicleId: vehicle.id, startDate: from, endDate: to, pickupLocation: 'Port Harcourt International Airport, Omagwa',
        dropoffLocation: 'GRA Phase 2, Port Harcourt', notes: 'Arriving on the evening flight from Lagos.',
      },
    }));
    expect(asked).toMatchObject({ status: 'pending', vehicleId: vehicle.id, renterId: buyer.uid, ownerId: seller.uid, startDate: from, endDate: to, days: 3, totalPrice: quote?.total });
    expect(asked.expiresAt).not.toBeNull();

    const requests = await conforming(200, listMyRentals({ client: sellerClient, query: { as: 'owner', status: 'pending' } }));
    expect(requests.map((r) => [r.id, r.renter.id, r.actions])).toEqual([[asked.id, buyer.uid, ['confirm', 'cancel']]]);

    const confirmed = await conforming(200, changeRentalStatus({ client: sellerClient, path: { id: asked.id }, body: { status: 'confirmed' } }));
    expect(confirmed).toMatchObject({ id: asked.id, status: 'confirmed', actions: ['cancel', 'start'] });

    const renterSees = await conforming(200, getRental({ client: buyerClient, path: { id: asked.id } }));
    expect(renterSees).toMatchObject({ id: asked.id, status: 'confirmed', totalPrice: 96_000, vehicle: { id: vehicle.id, title: '2024 Hyundai IONIQ 5 Long Range AWD' }, owner: { id: seller.uid } });
    expect(renterSees.expiresAt).toBeNull();
  });

  it('held every answer above to openapi.yaml', () => {
    expect(validatedAnswers()).toBeGreaterThanOrEqual(25);
  });
});
