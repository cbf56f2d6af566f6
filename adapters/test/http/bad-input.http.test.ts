import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi, validListing, listingBy } from '../support/harness.js';

/**
 * Every route refuses bad input with a 4xx, a stable code and field details, and changes nothing.
 * After each case the listings and users tables are compared with a snapshot taken before it.
 */
let api: TestApi;
let seller: { uid: string; token: string };
let admin: { uid: string; token: string };
let listingId: number;

beforeAll(async () => {
  api = await startTestApi();
  seller = await signedInUser({ name: 'Ada Okafor' });
  admin = await signedInAs(api.staffEmails.admin);
  const created = await request(api.url).post('/api/vehicles').set('Authorization', `Bearer ${seller.token}`).send(await listingBy(api.url, seller.token)).expect(201);
  listingId = created.body.id;
  // A first request registers the account; do it now so the snapshots below only see bad input.
  await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${admin.token}`).expect(200);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function snapshot(): Promise<string> {
  const conn = api.orm.em.getConnection();
  const listings = await conn.execute('select * from listings order by id');
  const users = await conn.execute('select * from users order by id');
  const picks = await conn.execute('select * from car_of_the_week_picks order by week_of');
  const talk = await Promise.all(['conversations', 'messages', 'inquiries', 'notifications', 'wishlist', 'live_events']
    .map((table) => conn.execute(`select * from ${table} order by 1`)));
  return JSON.stringify({ listings, users, picks, talk });
}

type Who = 'seller' | 'admin' | 'nobody';
interface Case {
  name: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string | (() => string);
  who?: Who;
  query?: Record<string, unknown>;
  body?: unknown | (() => unknown);
  raw?: { type: string; data: string };
  status: number;
  code?: string;
  fields?: string[];
}

const nextYear = new Date().getUTCFullYear() + 1;
const vehicle = () => `/api/vehicles/${listingId}`;
const longText = (n: number) => 'x'.repeat(n);

const cases: Case[] = [
  // GET /api/vehicles
  { name: 'unknown vehicle type', method: 'get', path: '/api/vehicles', query: { vehicleType: 'plane' }, status: 400, fields: ['vehicleType'] },
  { name: 'negative min price', method: 'get', path: '/api/vehicles', query: { minPrice: -1 }, status: 400, fields: ['minPrice'] },
  { name: 'text as max price', method: 'get', path: '/api/vehicles', query: { maxPrice: 'lots' }, status: 400, fields: ['maxPrice'] },
  { name: 'limit 0', method: 'get', path: '/api/vehicles', query: { limit: 0 }, status: 400, fields: ['limit'] },
  // Numbers in digits only: JavaScript would read each of these as one.
  { name: 'limit in hexadecimal', method: 'get', path: '/api/vehicles?limit=0x10', status: 400, fields: ['limit'] },
  { name: 'limit in binary', method: 'get', path: '/api/vehicles?limit=0b11', status: 400, fields: ['limit'] },
  { name: 'max price with an exponent', method: 'get', path: '/api/vehicles?maxPrice=2e7', status: 400, fields: ['maxPrice'] },
  { name: 'offset after a space', method: 'get', path: '/api/vehicles?offset=%2024', status: 400, fields: ['offset'] },
  { name: 'min price with a decimal point', method: 'get', path: '/api/vehicles?minPrice=5000000.0', status: 400, fields: ['minPrice'] },
  { name: 'rental quote: vehicleId in hexadecimal', method: 'get', path: '/api/rentals/quote?vehicleId=0x1&startDate=2031-01-01&endDate=2031-01-05', status: 400, fields: ['vehicleId'] },
  { name: 'limit above 100', method: 'get', path: '/api/vehicles', query: { limit: 101 }, status: 400, fields: ['limit'] },
  { name: 'negative offset', method: 'get', path: '/api/vehicles', query: { offset: -1 }, status: 400, fields: ['offset'] },
  { name: 'unknown sort', method: 'get', path: '/api/vehicles', query: { sort: 'cheapest' }, status: 400, fields: ['sort'] },
  { name: 'search over 100 characters', method: 'get', path: '/api/vehicles', query: { search: longText(101) }, status: 400, fields: ['search'] },
  { name: 'unknown query parameter', method: 'get', path: '/api/vehicles', query: { colour: 'red' }, status: 400, fields: ['colour'] },
  { name: 'repeated query parameter', method: 'get', path: '/api/vehicles?brand=Tesla&brand=BMW', status: 400, fields: ['brand'] },
  { name: 'NUL character in search', method: 'get', path: '/api/vehicles', query: { search: 'tesla\u0000' }, status: 400, fields: ['search'] },
  { name: 'huge number as limit', method: 'get', path: '/api/vehicles', query: { limit: '1e400' }, status: 400, fields: ['limit'] },
  // GET/PATCH/DELETE /api/vehicles/:id
  { name: 'text id', method: 'get', path: '/api/vehicles/abc', status: 400, fields: ['id'] },
  { name: 'fractional id', method: 'get', path: '/api/vehicles/1.5', status: 400, fields: ['id'] },
  { name: 'zero id', method: 'get', path: '/api/vehicles/0', status: 400, fields: ['id'] },
  { name: 'id beyond integer range', method: 'get', path: '/api/vehicles/99999999999', status: 400, fields: ['id'] },
  { name: 'id written as 1e400', method: 'get', path: '/api/vehicles/1e400', status: 400, fields: ['id'] },
  { name: 'id written in hex', method: 'delete', path: '/api/vehicles/0x10', who: 'seller', status: 400, fields: ['id'] },
  { name: 'missing listing', method: 'get', path: '/api/vehicles/999999', status: 404, code: 'LISTING_NOT_FOUND' },
  { name: 'empty patch', method: 'patch', path: vehicle, who: 'seller', body: {}, status: 400 },
  { name: 'negative price in patch', method: 'patch', path: vehicle, who: 'seller', body: { price: -5 }, status: 400, fields: ['price'] },
  { name: 'seller sets own status', method: 'patch', path: vehicle, who: 'seller', body: { status: 'active' }, status: 400, fields: ['status'] },
  { name: 'seller sets views', method: 'patch', path: vehicle, who: 'seller', body: { views: 10_000 }, status: 400, fields: ['views'] },
  { name: 'patch of a missing listing', method: 'patch', path: '/api/vehicles/999999', who: 'seller', body: { price: 5 }, status: 404 },
  { name: 'delete with text id', method: 'delete', path: '/api/vehicles/abc', who: 'seller', status: 400, fields: ['id'] },
  // POST /api/vehicles
  { name: 'empty body', method: 'post', path: '/api/vehicles', who: 'seller', body: {}, status: 400, fields: ['title', 'description', 'price', 'year', 'mileage', 'range', 'vehicleType', 'brand', 'model', 'location', 'imageUrls'] },
  { name: 'array body', method: 'post', path: '/api/vehicles', who: 'seller', body: [validListing()], status: 400 },
  { name: 'price as text', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ price: '38500000' }), status: 400, fields: ['price'] },
  { name: 'fractional price', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ price: 1.5 }), status: 400, fields: ['price'] },
  { name: 'year before 2010', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ year: 2009 }), status: 400, fields: ['year'] },
  { name: 'year after next year', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ year: nextYear + 1 }), status: 400, fields: ['year'] },
  { name: 'negative mileage', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ mileage: -1 }), status: 400, fields: ['mileage'] },
  { name: 'zero range', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ range: 0 }), status: 400, fields: ['range'] },
  { name: 'unknown vehicle type', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ vehicleType: 'plane' }), status: 400, fields: ['vehicleType'] },
  { name: 'brand outside the catalogue', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ brand: 'Toyota' }), status: 400, fields: ['brand'] },
  { name: 'model of another brand', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ model: 'Model 3' }), status: 400, fields: ['model'] },
  { name: 'unknown city', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ location: 'Mars' }), status: 400, fields: ['location'] },
  { name: 'no images', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ imageUrls: [] }), status: 400, fields: ['imageUrls'] },
  { name: 'script as image', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ imageUrls: ['javascript:alert(1)'] }), status: 400, fields: ['imageUrls[0]'] },
  { name: 'too many images', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ imageUrls: Array(21).fill('/uploads/a.webp') }), status: 400, fields: ['imageUrls'] },
  { name: 'battery health above 100', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ batteryHealth: 101 }), status: 400, fields: ['batteryHealth'] },
  { name: 'unknown charging type', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ chargingType: 'Fast' }), status: 400, fields: ['chargingType'] },
  { name: 'negative fast charging time', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ fastChargingTime: -1 }), status: 400, fields: ['fastChargingTime'] },
  { name: 'title over 120 characters', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ title: longText(121) }), status: 400, fields: ['title'] },
  { name: 'NUL character in title', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ title: 'Tesla\u0000' }), status: 400, fields: ['title'] },
  { name: 'prototype key in body', method: 'post', path: '/api/vehicles', who: 'seller', raw: { type: 'application/json', data: JSON.stringify(validListing()).replace('{', '{"__proto__":{"status":"active"},') }, status: 400 },
  { name: 'price beyond any integer', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ price: 1e308 }), status: 400, fields: ['price'] },
  { name: 'blank title', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ title: '   ' }), status: 400, fields: ['title'] },
  { name: 'status on create', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ status: 'active', isVerified: true }), status: 400, fields: ['status', 'isVerified'] },
  { name: 'malformed JSON', method: 'post', path: '/api/vehicles', who: 'seller', raw: { type: 'application/json', data: '{"title": "oops",' }, status: 400, code: 'MALFORMED_JSON' },
  { name: 'huge body', method: 'post', path: '/api/vehicles', who: 'seller', body: validListing({ description: longText(300_000) }), status: 413, code: 'BODY_TOO_LARGE' },
  { name: 'form body', method: 'post', path: '/api/vehicles', who: 'seller', raw: { type: 'text/plain', data: 'title=car' }, status: 415 },
  { name: 'create while signed out', method: 'post', path: '/api/vehicles', body: validListing(), status: 401, code: 'NOT_SIGNED_IN' },
  // Admin routes
  { name: 'reject reason over 500 characters', method: 'post', path: () => `/api/admin/vehicles/${listingId}/reject`, who: 'admin', body: { reason: longText(501) }, status: 400, fields: ['reason'] },
  { name: 'reject reason as number', method: 'post', path: () => `/api/admin/vehicles/${listingId}/reject`, who: 'admin', body: { reason: 5 }, status: 400, fields: ['reason'] },
  { name: 'admin sets unknown status', method: 'patch', path: () => `/api/admin/vehicles/${listingId}/edit`, who: 'admin', body: { status: 'archived' }, status: 400, fields: ['status'] },
  { name: 'empty admin edit', method: 'patch', path: () => `/api/admin/vehicles/${listingId}/edit`, who: 'admin', body: {}, status: 400 },
  { name: 'admin delete of text id', method: 'delete', path: '/api/admin/vehicles/abc', who: 'admin', status: 400, fields: ['id'] },
  { name: 'unknown parameter on my listings', method: 'get', path: '/api/vehicles/my-listings?page=2', who: 'seller', status: 400, fields: ['page'] },
  { name: 'unknown parameter on the catalogue', method: 'get', path: '/api/catalogue?lang=yo', status: 400, fields: ['lang'] },
  { name: 'admin approve of text id', method: 'post', path: '/api/admin/vehicles/abc/approve', who: 'admin', status: 400, fields: ['id'] },
  { name: 'admin approve of missing listing', method: 'post', path: '/api/admin/vehicles/999999/approve', who: 'admin', status: 404 },
  { name: 'car of the week for a text id', method: 'post', path: '/api/admin/vehicles/abc/car-of-the-week', who: 'admin', status: 400, fields: ['id'] },
  { name: 'car of the week for an id beyond integer range', method: 'delete', path: '/api/admin/vehicles/99999999999/car-of-the-week', who: 'admin', status: 400, fields: ['id'] },
  { name: 'car of the week for a missing listing', method: 'post', path: '/api/admin/vehicles/999999/car-of-the-week', who: 'admin', status: 404, code: 'LISTING_NOT_FOUND' },
  { name: 'car of the week for a pending listing', method: 'post', path: () => `/api/admin/vehicles/${listingId}/car-of-the-week`, who: 'admin', status: 409, code: 'LISTING_NOT_LIVE' },
  { name: 'withdrawing a car of the week that was never picked', method: 'delete', path: () => `/api/admin/vehicles/${listingId}/car-of-the-week`, who: 'admin', status: 409, code: 'NOT_CAR_OF_THE_WEEK_PICK' },
  { name: 'car of the week while signed out', method: 'post', path: () => `/api/admin/vehicles/${listingId}/car-of-the-week`, status: 401, code: 'NOT_SIGNED_IN' },
  { name: 'car of the week by a seller', method: 'post', path: () => `/api/admin/vehicles/${listingId}/car-of-the-week`, who: 'seller', status: 403, code: 'STAFF_ONLY' },
  // Identity
  { name: 'empty first name', method: 'patch', path: '/api/auth/profile', who: 'seller', body: { firstName: '' }, status: 400, fields: ['firstName'] },
  { name: 'first name over 50', method: 'patch', path: '/api/auth/profile', who: 'seller', body: { firstName: longText(51) }, status: 400, fields: ['firstName'] },
  { name: 'email change', method: 'patch', path: '/api/auth/profile', who: 'seller', body: { email: 'new@x.ng' }, status: 400, fields: ['email'] },
  { name: 'phone that is not a phone', method: 'patch', path: '/api/auth/profile', who: 'seller', body: { phone: 'call me' }, status: 400, fields: ['phone'] },
  { name: 'profile of someone else', method: 'patch', path: '/api/auth/profile', who: 'seller', body: { userId: 'someone-else', firstName: 'X' }, status: 403 },
  { name: 'sync as someone else', method: 'post', path: '/api/auth/sync', who: 'seller', body: { uid: 'someone-else' }, status: 403 },
  { name: 'sync with a number as name', method: 'post', path: '/api/auth/sync', who: 'seller', body: { displayName: 42 }, status: 400, fields: ['displayName'] },
  // Conversations
  { name: 'chat: text vehicle id', method: 'get', path: '/api/chat/messages/abc/someone', who: 'seller', status: 400, fields: ['vehicleId'] },
  { name: 'chat: other user id with an underscore', method: 'get', path: () => `/api/chat/messages/${listingId}/a_b`, who: 'seller', status: 400, fields: ['otherUserId'] },
  { name: 'chat: userId of someone else', method: 'get', path: () => `/api/chat/messages/${listingId}/someone`, who: 'seller', query: { userId: 'someone-else' }, status: 403, code: 'USER_MISMATCH' },
  { name: 'chat: before 0', method: 'get', path: () => `/api/chat/messages/${listingId}/someone`, who: 'seller', query: { before: 0 }, status: 400, fields: ['before'] },
  { name: 'chat: limit 201', method: 'get', path: () => `/api/chat/messages/${listingId}/someone`, who: 'seller', query: { limit: 201 }, status: 400, fields: ['limit'] },
  { name: 'chat: not signed in', method: 'get', path: () => `/api/chat/messages/${listingId}/someone`, status: 401 },
  { name: 'chat: the seller with themselves', method: 'get', path: () => `/api/chat/messages/${listingId}/${seller.uid}`, who: 'seller', status: 422, code: 'CANNOT_MESSAGE_SELF' },
  { name: 'send: empty body', method: 'post', path: '/api/chat/send-message', who: 'seller', body: {}, status: 400, fields: ['receiverId'] },
  { name: 'send: blank message', method: 'post', path: '/api/chat/send-message', who: 'seller', body: () => ({ listingId: String(listingId), receiverId: 'someone', message: '  \n ' }), status: 400, fields: ['message'] },
  { name: 'send: 501 characters', method: 'post', path: '/api/chat/send-message', who: 'seller', body: () => ({ listingId, receiverId: 'someone', message: longText(501) }), status: 400, fields: ['message'] },
  { name: 'send: message as a number', method: 'post', path: '/api/chat/send-message', who: 'seller', body: () => ({ listingId, receiverId: 'someone', message: 42 }), status: 400, fields: ['message'] },
  { name: 'send: text listing id', method: 'post', path: '/api/chat/send-message', who: 'seller', body: { listingId: 'abc', receiverId: 'someone', message: 'Hi' }, status: 400, fields: ['listingId'] },
  { name: 'send: listing id 0', method: 'post', path: '/api/chat/send-message', who: 'seller', body: { listingId: 0, receiverId: 'someone', message: 'Hi' }, status: 400, fields: ['listingId'] },
  { name: 'send: unknown field', method: 'post', path: '/api/chat/send-message', who: 'seller', body: () => ({ listingId, receiverId: 'someone', message: 'Hi', isRead: true }), status: 400, fields: ['isRead'] },
  { name: 'send: senderId of someone else', method: 'post', path: '/api/chat/send-message', who: 'seller', body: () => ({ listingId, senderId: 'someone-else', receiverId: 'someone', message: 'Hi' }), status: 403, code: 'USER_MISMATCH' },
  { name: 'send: to oneself', method: 'post', path: '/api/chat/send-message', who: 'seller', body: () => ({ listingId, receiverId: seller.uid, message: 'Hi' }), status: 422, code: 'CANNOT_MESSAGE_SELF' },
  { name: 'send: missing listing', method: 'post', path: '/api/chat/send-message', who: 'admin', body: () => ({ listingId: 999999, receiverId: seller.uid, message: 'Hi' }), status: 404, code: 'LISTING_NOT_FOUND' },
  { name: 'send: pending listing', method: 'post', path: '/api/chat/send-message', who: 'admin', body: () => ({ listingId, receiverId: seller.uid, message: 'Hi' }), status: 422, code: 'LISTING_NOT_AVAILABLE' },
  { name: 'send: not signed in', method: 'post', path: '/api/chat/send-message', body: () => ({ listingId, receiverId: seller.uid, message: 'Hi' }), status: 401 },
  { name: 'mark read: no conversation id', method: 'post', path: '/api/chat/mark-read', who: 'seller', body: {}, status: 400, fields: ['conversationId'] },
  { name: 'mark read: not a conversation id', method: 'post', path: '/api/chat/mark-read', who: 'seller', body: { conversationId: 'garbage' }, status: 400, fields: ['conversationId'] },
  { name: 'mark read: someone else\'s conversation', method: 'post', path: '/api/chat/mark-read', who: 'seller', body: () => ({ conversationId: `${listingId}_buyerX_sellerY` }), status: 403, code: 'NOT_IN_CONVERSATION' },
  { name: 'mark read: not signed in', method: 'post', path: '/api/chat/mark-read', body: { conversationId: '1_a_b' }, status: 401 },
  { name: 'conversations: userId of someone else', method: 'get', path: '/api/messages/conversations', who: 'seller', query: { userId: 'someone-else' }, status: 403, code: 'USER_MISMATCH' },
  { name: 'conversations: unknown parameter', method: 'get', path: '/api/messages/conversations', who: 'seller', query: { page: 2 }, status: 400, fields: ['page'] },
  { name: 'conversations: not signed in', method: 'get', path: '/api/messages/conversations', status: 401 },
  // Inquiries
  { name: 'inquiry: empty body', method: 'post', path: '/api/inquiries', body: {}, status: 400, fields: ['vehicleId', 'buyerName', 'buyerEmail', 'buyerPhone', 'message'] },
  { name: 'inquiry: bad email, phone and short message', method: 'post', path: '/api/inquiries', body: () => ({ vehicleId: listingId, buyerName: 'Ada Okafor', buyerEmail: 'ada@', buyerPhone: '12', message: 'hi' }), status: 400, fields: ['buyerEmail', 'buyerPhone', 'message'] },
  { name: 'inquiry: name of 101 characters', method: 'post', path: '/api/inquiries', body: () => ({ vehicleId: listingId, buyerName: longText(101), buyerEmail: 'ada@example.ng', buyerPhone: '0803 555 1234', message: 'Is it still available?' }), status: 400, fields: ['buyerName'] },
  { name: 'inquiry: text vehicle id', method: 'post', path: '/api/inquiries', body: { vehicleId: 'abc', buyerName: 'Ada', buyerEmail: 'ada@example.ng', buyerPhone: '0803 555 1234', message: 'Is it still available?' }, status: 400, fields: ['vehicleId'] },
  { name: 'inquiry: missing listing', method: 'post', path: '/api/inquiries', body: { vehicleId: 999999, buyerName: 'Ada Okafor', buyerEmail: 'ada@example.ng', buyerPhone: '0803 555 1234', message: 'Is it still available?' }, status: 404, code: 'LISTING_NOT_FOUND' },
  { name: 'inquiry: listing not live', method: 'post', path: '/api/inquiries', body: () => ({ vehicleId: listingId, buyerName: 'Ada Okafor', buyerEmail: 'ada@example.ng', buyerPhone: '0803 555 1234', message: 'Is it still available?' }), status: 422, code: 'LISTING_NOT_AVAILABLE' },
  { name: 'inquiries of a listing: text id', method: 'get', path: '/api/vehicles/abc/inquiries', who: 'seller', status: 400, fields: ['id'] },
  { name: 'inquiries of a listing: missing listing', method: 'get', path: '/api/vehicles/999999/inquiries', who: 'seller', status: 404, code: 'LISTING_NOT_FOUND' },
  { name: 'inquiries of a listing: not signed in', method: 'get', path: () => `/api/vehicles/${listingId}/inquiries`, status: 401 },
  // Notifications and the event stream
  { name: 'notifications: userId of someone else', method: 'get', path: '/api/notifications', who: 'seller', query: { userId: 'someone-else' }, status: 403, code: 'USER_MISMATCH' },
  { name: 'notifications: not signed in', method: 'get', path: '/api/notifications', status: 401 },
  { name: 'notification read: text id', method: 'post', path: '/api/notifications/abc/read', who: 'seller', status: 400, fields: ['id'] },
  { name: 'notification read: unknown id', method: 'post', path: '/api/notifications/999999/read', who: 'seller', status: 404, code: 'NOTIFICATION_NOT_FOUND' },
  { name: 'read all: not signed in', method: 'post', path: '/api/notifications/read-all', status: 401 },
  { name: 'event ticket: not signed in', method: 'post', path: '/api/events/ticket', status: 401 },
  { name: 'events: no ticket', method: 'get', path: '/api/events', status: 400, fields: ['ticket'] },
  { name: 'events: a made-up ticket', method: 'get', path: '/api/events', query: { ticket: 'A'.repeat(32) }, status: 401, code: 'EVENT_TICKET_INVALID' },
  { name: 'events: negative lastEventId', method: 'get', path: '/api/events', query: { ticket: 'A'.repeat(32), lastEventId: -1 }, status: 400, fields: ['lastEventId'] },
  // Wishlist
  { name: 'wishlist: no vehicle id', method: 'post', path: '/api/wishlist', who: 'seller', body: {}, status: 400, fields: ['vehicleId'] },
  { name: 'wishlist: text vehicle id', method: 'post', path: '/api/wishlist', who: 'seller', body: { vehicleId: 'abc' }, status: 400, fields: ['vehicleId'] },
  { name: 'wishlist: missing listing', method: 'post', path: '/api/wishlist', who: 'seller', body: { vehicleId: 999999 }, status: 404, code: 'LISTING_NOT_FOUND' },
  { name: 'wishlist: pending listing', method: 'post', path: '/api/wishlist', who: 'admin', body: () => ({ vehicleId: listingId }), status: 422, code: 'LISTING_NOT_AVAILABLE' },
  { name: 'wishlist: userId of someone else', method: 'post', path: '/api/wishlist', who: 'seller', body: () => ({ vehicleId: listingId, userId: 'someone-else' }), status: 403, code: 'USER_MISMATCH' },
  // Routes that take no body still refuse one that claims to act for someone else.
  { name: 'read-all: userId of someone else', method: 'post', path: '/api/notifications/read-all', who: 'seller', body: { userId: 'demo-seller-ada' }, status: 403, code: 'USER_MISMATCH' },
  { name: 'event ticket: uid of someone else', method: 'post', path: '/api/events/ticket', who: 'seller', body: { uid: 'demo-seller-ada' }, status: 403, code: 'USER_MISMATCH' },
  { name: 'wishlist removal: userId of someone else', method: 'delete', path: () => `/api/wishlist/${listingId}`, who: 'seller', body: { userId: 'demo-seller-ada' }, status: 403, code: 'USER_MISMATCH' },
  { name: 'my listings: userId of someone else in a body', method: 'get', path: '/api/vehicles/my-listings', who: 'seller', query: { userId: 'demo-seller-ada' }, status: 403, code: 'USER_MISMATCH' },
  { name: 'wishlist: remove a text id', method: 'delete', path: '/api/wishlist/abc', who: 'seller', status: 400, fields: ['vehicleId'] },
  { name: 'wishlist: not signed in', method: 'get', path: '/api/wishlist', status: 401 },
  // Unknown routes, and other spellings of known ones (which must not skip validation)
  { name: 'unknown API route', method: 'get', path: '/api/nothing-here', status: 404 },
  { name: 'method the route does not have', method: 'patch', path: '/api/vehicles', who: 'seller', body: { price: 1 }, status: 405 },
  { name: 'delete of the whole collection', method: 'delete', path: '/api/vehicles', who: 'seller', status: 405 },
  { name: 'upper-case path with a status change', method: 'patch', path: () => `/API/vehicles/${listingId}`, who: 'seller', body: { status: 'active', boostTier: 3 }, status: 404 },
  { name: 'mixed-case search with a bad sort', method: 'get', path: '/Api/vehicles?sort=x', status: 404 },
  { name: 'upper-case profile with a number as name', method: 'patch', path: '/API/auth/profile', who: 'seller', body: { firstName: 5 }, status: 404 },
  // Phone and dealer verification
  { name: 'phone verified: a number in the body is not read', method: 'post', path: '/api/auth/phone/verified', who: 'seller', body: { phoneNumber: '+2348035551234' }, status: 400 },
  { name: 'dealer: CAC number as a number', method: 'put', path: '/api/auth/dealer', who: 'seller', body: { businessName: 'Lekki EV Motors', cacNumber: 1234567 }, status: 400, fields: ['cacNumber'] },
  { name: 'dealer: CAC number without RC or BN', method: 'put', path: '/api/auth/dealer', who: 'seller', body: { businessName: 'Lekki EV Motors', cacNumber: '1234567' }, status: 400, fields: ['cacNumber'] },
  { name: 'dealer: no business name', method: 'put', path: '/api/auth/dealer', who: 'seller', body: { cacNumber: 'RC1234567' }, status: 400, fields: ['businessName'] },
  { name: 'dealer: unknown field', method: 'put', path: '/api/auth/dealer', who: 'seller', body: { businessName: 'Lekki EV Motors', cacNumber: 'RC1', status: 'verified' }, status: 400 },
  { name: 'dealer requests: unknown status', method: 'get', path: '/api/admin/dealer-requests', who: 'admin', query: { filter: JSON.stringify({ status: 'maybe' }) }, status: 400 },
  { name: 'dealer reject: reason not text', method: 'post', path: '/api/admin/dealer-requests/nobody/reject', who: 'admin', body: { reason: 5 }, status: 400, fields: ['reason'] },
  { name: 'dealer verify: nobody asked', method: 'post', path: '/api/admin/dealer-requests/nobody/verify', who: 'admin', status: 404, code: 'DEALER_REQUEST_NOT_FOUND' },
];

describe('bad input', () => {
  it.each(cases)('$name → $status', async (c) => {
    const before = await snapshot();
    const path = typeof c.path === 'function' ? c.path() : c.path;
    let req = request(api.url)[c.method](path);
    if (c.who === 'seller') req = req.set('Authorization', `Bearer ${seller.token}`);
    if (c.who === 'admin') req = req.set('Authorization', `Bearer ${admin.token}`);
    if (c.query) req = req.query(c.query as Record<string, string>);
    if (c.raw) req = req.set('Content-Type', c.raw.type).send(c.raw.data);
    else if (c.body !== undefined) req = req.send((typeof c.body === 'function' ? c.body() : c.body) as object);
    const res = await req;

    expect(res.status).toBe(c.status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String), details: expect.any(Array) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
    if (c.code) expect(res.body.error.code).toBe(c.code);
    if (c.fields) {
      const fields = res.body.error.details.map((d: { field: string }) => d.field);
      expect(fields).toEqual(expect.arrayContaining(c.fields));
      for (const d of res.body.error.details) expect(d.message.length).toBeGreaterThan(3);
    }
    expect(await snapshot()).toBe(before);
  });

  it.each([
    ['/api/vehicles?limit=1&limit=2', 'limit', 'limit was given more than once; give it once'],
    ['/api/vehicles?search=a&search=b', 'search', 'search was given more than once; give it once'],
    ['/api/vehicles?search=', 'search', 'search must not be empty'],
    ['/api/vehicles?=x', 'query', 'A query parameter has no name'],
    ['/api/vehicles?limit=99999999999999999999999', 'limit', 'limit is too large'],
    ['/api/vehicles?cursor=not%2Fone', 'cursor', 'cursor is not in the form this field takes'],
  ])('says plainly what is wrong with %s', async (path, field, message) => {
    const res = await request(api.url).get(path).expect(400);
    expect(res.body.error.details).toContainEqual({ field, message });
  });

  it.each([
    ['no scheme', 'abc.def.ghi'],
    ['forged token', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
    ['garbage', 'Bearer !!!'],
  ])('refuses an Authorization header with %s (401)', async (_name, header) => {
    const res = await request(api.url).get('/api/auth/user').set('Authorization', header).expect(401);
    expect(res.body.error.code).toBe('NOT_SIGNED_IN');
  });
});
