import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuth, closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi, useEmulator,
} from '../support/harness.js';

/**
 * Verified sellers against the real API, Postgres and Firebase Auth emulator: a phone is linked to
 * the account with the SMS code the emulator issues (read back from its REST API, as a person reads
 * their SMS), and the server records only what the emulator holds for the account; dealer requests
 * wait for staff, who verify or reject them with an audit entry.
 */
type Person = { uid: string; token: string; email: string };
let api: TestApi;
let seller: Person;
let buyer: Person;
let other: Person;
let support: Person;
let admin: Person;
let listingId: number;

const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
const identityToolkit = (op: string) => `http://${useEmulator().host}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=demo`;
// Numbers unique to this file's run: the emulator is shared by every file of the run.
const unique = String(Date.now()).slice(-6);
const PHONE_A = `+23480355${unique.slice(0, 5)}`;
const PHONE_B = `+23481355${unique.slice(0, 5)}`;
const PHONE_C = `+23470355${unique.slice(0, 5)}`;

async function emulatorPost(op: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(identityToolkit(op), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw Object.assign(new Error(JSON.stringify(json)), { body: json });
  return json;
}

/** The code the emulator "sent" for this session, read from its verificationCodes endpoint. */
async function smsCode(sessionInfo: string): Promise<string> {
  const { host, projectId } = useEmulator();
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/verificationCodes`);
  const { verificationCodes } = (await res.json()) as { verificationCodes: { sessionInfo: string; code: string }[] };
  const found = verificationCodes.find((v) => v.sessionInfo === sessionInfo);
  if (!found) throw new Error('no code for this session');
  return found.code;
}

/** What the Firebase JS SDK's linkWithPhoneNumber does: send a code, then confirm it with the signed-in user's token. */
async function linkPhone(person: Person, phoneNumber: string, code?: string): Promise<Record<string, unknown>> {
  const { sessionInfo } = (await emulatorPost('sendVerificationCode', { phoneNumber })) as { sessionInfo: string };
  const result = await emulatorPost('signInWithPhoneNumber', { sessionInfo, code: code ?? (await smsCode(sessionInfo)), idToken: person.token });
  if (typeof result.idToken === 'string') person.token = result.idToken;
  return result;
}

/** An unsigned emulator token for the person that claims a phone number (tokens from the emulator are not signed). */
function tokenClaimingPhone(person: Person, phone: string): string {
  const [header, payload] = person.token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, phone_number: phone })).toString('base64url')}.`;
}

beforeAll(async () => {
  api = await startTestApi();
  [seller, buyer, other, support, admin] = await Promise.all([
    signedInUser({ name: 'Ada Okafor' }), signedInUser({ name: 'Tunde Adeyemi' }), signedInUser({ name: 'Ngozi Eze' }),
    signedInAs(api.staffEmails.support), signedInAs(api.staffEmails.admin),
  ]);
  for (const who of [seller, buyer, other, support, admin]) await request(api.url).get('/api/auth/user').set(auth(who)).expect(200);
  listingId = await liveListing(api.url, seller.token, admin.token, { sellerPhone: '0809 111 2222' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await closeAdminApp();
});

describe('phone verification', () => {
  it('refuses a number claimed without the SMS step: no body is read, and a token\'s claim is not trusted', async () => {
    const none = await request(api.url).post('/api/auth/phone/verified').set(auth(other)).expect(422);
    expect(none.body.error.code).toBe('PHONE_NOT_VERIFIED');
    const claimed = await request(api.url).post('/api/auth/phone/verified').set(auth(other)).send({ phoneNumber: PHONE_C }).expect(400);
    expect(claimed.body.error.code).toBe('VALIDATION_FAILED');
    const forged = await request(api.url).post('/api/auth/phone/verified').set({ Authorization: `Bearer ${tokenClaimingPhone(other, PHONE_C)}` }).expect(422);
    expect(forged.body.error.code).toBe('PHONE_NOT_VERIFIED');
    expect((await request(api.url).get('/api/auth/user').set(auth(other)).expect(200)).body).toMatchObject({ verifiedPhone: null, phoneVerified: false });
  });

  it('refuses a wrong code at the identity provider, so nothing is verified', async () => {
    await expect(linkPhone(other, PHONE_C, '000000')).rejects.toMatchObject({ body: { error: { message: expect.stringContaining('INVALID_CODE') } } });
    await request(api.url).post('/api/auth/phone/verified').set(auth(other)).expect(422);
  });

  it('stores the number the seller verified with the emulator\'s SMS code, in E.164', async () => {
    const before = await request(api.url).get(`/api/vehicles/${listingId}`).set(auth(buyer)).expect(200);
    expect(before.body.seller).toMatchObject({ phoneVerified: false });
    expect((await request(api.url).post(`/api/vehicles/${listingId}/contact`).set(auth(buyer)).expect(200)).body.phone).toBe('+2348091112222');
    await linkPhone(seller, PHONE_A);
    const res = await request(api.url).post('/api/auth/phone/verified').set(auth(seller)).expect(200);
    expect(res.body).toMatchObject({ id: seller.uid, verifiedPhone: PHONE_A, phoneVerified: true });
    expect((await request(api.url).get('/api/auth/user').set(auth(seller)).expect(200)).body.verifiedPhone).toBe(PHONE_A);
  });

  it('gives buyers the verified number instead of the typed one, and says "phone verified" on the card and the seller page', async () => {
    const detail = await request(api.url).get(`/api/vehicles/${listingId}`).set(auth(buyer)).expect(200);
    expect(detail.body.seller).toMatchObject({ phoneVerified: true });
    // A buyer is given the number on asking ("Show phone"): the verified one.
    expect((await request(api.url).post(`/api/vehicles/${listingId}/contact`).set(auth(buyer)).expect(200)).body.phone).toBe(PHONE_A);
    const visitor = await request(api.url).get(`/api/vehicles/${listingId}`).expect(200);
    expect(visitor.body.seller.phoneVerified).toBe(true);
    expect(visitor.body.seller.phone).toBeUndefined();
    expect((await request(api.url).get(`/api/sellers/${seller.uid}`).expect(200)).body.phoneVerified).toBe(true);
  });

  it('takes a changed number after the new SMS code', async () => {
    await linkPhone(seller, PHONE_B);
    expect((await request(api.url).post('/api/auth/phone/verified').set(auth(seller)).expect(200)).body.verifiedPhone).toBe(PHONE_B);
  });

  it('does not let a second account take a number linked to another (the provider refuses it)', async () => {
    const result = await linkPhone(other, PHONE_B);
    expect(result.temporaryProof).toEqual(expect.any(String));
    await request(api.url).post('/api/auth/phone/verified').set(auth(other)).expect(422);
  });

  it('moves a number to the account the provider now holds it for; the old holder gives it up', async () => {
    await adminAuth().updateUser(seller.uid, { phoneNumber: null });
    await linkPhone(other, PHONE_B);
    expect((await request(api.url).post('/api/auth/phone/verified').set(auth(other)).expect(200)).body.verifiedPhone).toBe(PHONE_B);
    expect((await request(api.url).get('/api/auth/user').set(auth(seller)).expect(200)).body).toMatchObject({ verifiedPhone: null, phoneVerified: false });
    const detail = await request(api.url).get(`/api/vehicles/${listingId}`).set(auth(buyer)).expect(200);
    expect(detail.body.seller).toMatchObject({ phoneVerified: false });
    expect((await request(api.url).post(`/api/vehicles/${listingId}/contact`).set(auth(buyer)).expect(200)).body.phone).toBe('+2348091112222');
  });
});

describe('dealer verification', () => {
  const list = (who: Person, filter: Record<string, unknown> = { status: 'pending' }) =>
    request(api.url).get('/api/admin/dealer-requests').query({ filter: JSON.stringify(filter) }).set(auth(who));

  it('refuses a CAC number that is not RC or BN and digits, naming the field', async () => {
    const res = await request(api.url).put('/api/auth/dealer').set(auth(seller)).send({ businessName: 'Lekki EV Motors Ltd', cacNumber: '1234567' }).expect(400);
    expect(res.body.error.details).toEqual([{ field: 'cacNumber', message: 'Enter RC or BN followed by the digits of your registration, like RC 1234567' }]);
    await request(api.url).put('/api/auth/dealer').set(auth(seller)).send({ businessName: 'Lekki EV Motors Ltd' }).expect(400);
  });

  it('waits for staff, oldest first, then shows "Verified dealer" with the business name once verified, audited', async () => {
    const mine = await request(api.url).put('/api/auth/dealer').set(auth(seller)).send({ businessName: 'Lekki EV Motors Ltd', cacNumber: 'rc 1234567' }).expect(200);
    expect(mine.body.dealerRequest).toMatchObject({ businessName: 'Lekki EV Motors Ltd', cacNumber: 'RC1234567', status: 'pending', rejectionReason: null });
    expect(mine.body.verifiedDealer).toBeUndefined();
    await request(api.url).put('/api/auth/dealer').set(auth(buyer)).send({ businessName: 'Ikeja Volts', cacNumber: 'BN 3456789' }).expect(200);
    const waiting = await list(support).expect(200);
    expect(waiting.body.map((r: { id: string }) => r.id)).toEqual([seller.uid, buyer.uid]);
    expect(waiting.headers['content-range']).toBe('dealer-requests 0-1/2');

    const verified = await request(api.url).post(`/api/admin/dealer-requests/${seller.uid}/verify`).set(auth(support)).expect(200);
    expect(verified.body).toMatchObject({ status: 'verified', decidedBy: support.uid });
    expect((await request(api.url).get(`/api/vehicles/${listingId}`).expect(200)).body.seller.verifiedDealer).toEqual({ businessName: 'Lekki EV Motors Ltd' });
    expect((await request(api.url).get(`/api/sellers/${seller.uid}`).expect(200)).body.verifiedDealer).toEqual({ businessName: 'Lekki EV Motors Ltd' });
    const audit = await request(api.url).get('/api/admin/audit-log').query({ filter: JSON.stringify({ recordId: seller.uid }) }).set(auth(admin)).expect(200);
    expect(audit.body).toEqual([expect.objectContaining({ action: 'user.dealer_verified', resource: 'users', recordLabel: 'Lekki EV Motors Ltd', after: { status: 'verified' } })]);
    await request(api.url).post(`/api/admin/dealer-requests/${seller.uid}/verify`).set(auth(admin)).expect(409);
  });

  it('sends a verified dealer who changes the business name back to waiting, badge off', async () => {
    await request(api.url).put('/api/auth/dealer').set(auth(seller)).send({ businessName: 'Lekki EV Motors Ltd', cacNumber: 'RC1234567' }).expect(200);
    expect((await request(api.url).get(`/api/sellers/${seller.uid}`).expect(200)).body.verifiedDealer).toEqual({ businessName: 'Lekki EV Motors Ltd' });
    const changed = await request(api.url).put('/api/auth/dealer').set(auth(seller)).send({ businessName: 'Lekki EV Motors', cacNumber: 'RC1234567' }).expect(200);
    expect(changed.body.dealerRequest.status).toBe('pending');
    expect((await request(api.url).get(`/api/sellers/${seller.uid}`).expect(200)).body.verifiedDealer).toBeUndefined();
    expect((await list(support).expect(200)).body.map((r: { id: string }) => r.id)).toEqual([buyer.uid, seller.uid]);
  });

  it('rejects only with a reason, which the seller reads', async () => {
    const bare = await request(api.url).post(`/api/admin/dealer-requests/${buyer.uid}/reject`).set(auth(support)).send({ reason: ' ' }).expect(400);
    expect(bare.body.error.details[0].field).toBe('reason');
    await request(api.url).post(`/api/admin/dealer-requests/${buyer.uid}/reject`).set(auth(support)).send({ reason: 'The CAC search shows no business of this name' }).expect(200);
    expect((await request(api.url).get('/api/auth/user').set(auth(buyer)).expect(200)).body.dealerRequest)
      .toMatchObject({ status: 'rejected', rejectionReason: 'The CAC search shows no business of this name' });
    expect((await list(support, { status: 'rejected' }).expect(200)).body).toEqual([expect.objectContaining({ id: buyer.uid, status: 'rejected' })]);
  });

  it('answers 404 for someone who never asked', async () => {
    await request(api.url).get(`/api/admin/dealer-requests/${other.uid}`).set(auth(support)).expect(404);
    await request(api.url).post(`/api/admin/dealer-requests/${other.uid}/verify`).set(auth(support)).expect(404);
  });
});

describe('who may call the new routes', () => {
  const routes = (target: () => string) => [
    { method: 'get', path: () => '/api/admin/dealer-requests', body: undefined },
    { method: 'get', path: () => `/api/admin/dealer-requests/${target()}`, body: undefined },
    { method: 'post', path: () => `/api/admin/dealer-requests/${target()}/verify`, body: undefined },
    { method: 'post', path: () => `/api/admin/dealer-requests/${target()}/reject`, body: { reason: 'Not a registered business' } },
  ] as const;

  it('asks visitors to sign in on every route', async () => {
    await request(api.url).post('/api/auth/phone/verified').expect(401);
    await request(api.url).put('/api/auth/dealer').send({ businessName: 'Lekki EV Motors Ltd', cacNumber: 'RC1' }).expect(401);
    for (const r of routes(() => seller.uid)) await request(api.url)[r.method](r.path()).send(r.body).expect(401);
  });

  it('refuses members, the requester included, on staff routes, and changes nothing', async () => {
    for (const who of [seller, other]) {
      for (const r of routes(() => seller.uid)) {
        const res = await request(api.url)[r.method](r.path()).set(auth(who)).send(r.body).expect(403);
        expect(res.body.error.code).toBe('STAFF_ONLY');
      }
    }
    expect((await request(api.url).get('/api/auth/user').set(auth(seller)).expect(200)).body.dealerRequest.status).toBe('pending');
  });

  it('lets support and admins read and decide', async () => {
    await request(api.url).get('/api/admin/dealer-requests').set(auth(support)).expect(200);
    await request(api.url).get('/api/admin/dealer-requests').set(auth(admin)).expect(200);
    await request(api.url).get(`/api/admin/dealer-requests/${seller.uid}`).set(auth(admin)).expect(200);
    await request(api.url).post(`/api/admin/dealer-requests/${seller.uid}/reject`).set(auth(admin)).send({ reason: 'Please send the certificate name as registered' }).expect(200);
  });

  it('changes only the caller\'s own details: a userId in the body is refused', async () => {
    await request(api.url).put('/api/auth/dealer').set(auth(other)).send({ businessName: 'Ikeja Volts', cacNumber: 'BN1', userId: seller.uid }).expect(400);
  });
});
