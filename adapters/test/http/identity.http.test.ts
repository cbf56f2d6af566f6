import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, anonymousGuest, closeAdminApp, signedInAs, signedInUser, startTestApi, type TestApi, listingBy } from '../support/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('identity', () => {
  it('registers the caller from the token and fills names and phone from the sync', async () => {
    const user = await signedInUser({ name: 'Chioma Eze' });
    const auth = { Authorization: `Bearer ${user.token}` };
    const synced = await request(api.url).post('/api/auth/sync').set(auth)
      .send({ uid: user.uid, email: user.email, displayName: 'Chioma Eze', phone: '+234 802 000 1111' }).expect(200);
    expect(synced.body).toMatchObject({ id: user.uid, email: user.email, firstName: 'Chioma', lastName: 'Eze', phone: '+2348020001111', role: 'user' });
    const me = await request(api.url).get('/api/auth/user').set(auth).expect(200);
    expect(me.body.displayName).toBe('Chioma Eze');
  });

  it('refuses a sync that claims another email, and changes nothing', async () => {
    const user = await signedInUser({ name: 'Ife Ade' });
    const auth = { Authorization: `Bearer ${user.token}` };
    await request(api.url).patch('/api/auth/profile').set(auth).send({ phone: '+234 801 000 0000' }).expect(200);
    await request(api.url).patch('/api/auth/profile').set(auth).send({ phone: null }).expect(200);
    const res = await request(api.url).post('/api/auth/sync').set(auth).send({ email: 'ceo@voltmarket.test', phone: '+234 809 999 9999' }).expect(403);
    expect(res.body.error.code).toBe('EMAIL_MISMATCH');
    expect((await request(api.url).get('/api/auth/user').set(auth)).body.phone).toBeNull();
  });

  it('edits first name, last name and phone but never the email', async () => {
    const user = await signedInUser({ name: 'Bola Ige' });
    const auth = { Authorization: `Bearer ${user.token}` };
    const updated = await request(api.url).patch('/api/auth/profile').set(auth).send({ firstName: 'Bolanle', lastName: 'Ige', phone: '+234 809 123 4567', userId: user.uid }).expect(200);
    expect(updated.body).toMatchObject({ firstName: 'Bolanle', lastName: 'Ige', phone: '+2348091234567', email: user.email });
  });

  it('makes a verified bootstrap address staff, but not an unverified one', async () => {
    const admin = await signedInAs(api.staffEmails.admin);
    expect((await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${admin.token}`).expect(200)).body.role).toBe('admin');
    const support = await signedInAs(api.staffEmails.support.replace('support-', 'support+x-'), true);
    expect((await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${support.token}`).expect(200)).body.role).toBe('user');
    const unverifiedApi = await startTestApi();
    try {
      const impostor = await signedInAs(unverifiedApi.staffEmails.admin, false);
      const res = await request(unverifiedApi.url).get('/api/auth/user').set('Authorization', `Bearer ${impostor.token}`).expect(200);
      expect(res.body.role).toBe('user');
      await request(unverifiedApi.url).post('/api/admin/vehicles/1/approve').set('Authorization', `Bearer ${impostor.token}`).expect(403);
    } finally {
      await unverifiedApi.close();
    }
  });

  it('takes the email that makes staff from the account, not from what the token claims', async () => {
    // The emulator signs nothing, so anyone can write the claims of a token: here a plain account claims the admin's address.
    const plain = await signedInUser();
    const [head, body, signature] = plain.token.split('.') as [string, string, string];
    const claims = { ...JSON.parse(Buffer.from(body, 'base64url').toString()), email: api.staffEmails.admin, email_verified: true };
    const forged = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const me = await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${forged}`).expect(200);
    expect([me.body.role, me.body.email]).toEqual(['user', (await adminAuth().getUser(plain.uid)).email]);
    await request(api.url).get('/api/admin/check').set('Authorization', `Bearer ${forged}`).expect(403);
  });

  it('knows a guest\'s email as soon as they link one, though their account was looked up moments before', async () => {
    const guest = await anonymousGuest();
    expect((await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${guest.token}`).expect(200)).body.email).toBeNull();
    const email = `adaeze.nwankwo-${Date.now()}@port-harcourt-motors.com.ng`;
    // Linked the way the Firebase web SDK links a password (accounts:signUp with the guest's token),
    // a second or more after the guest arrived, as a person would.
    await new Promise((r) => setTimeout(r, 1100));
    const linked = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: guest.token, email, password: 'a-long-passphrase', returnSecureToken: true }),
    });
    const { idToken } = (await linked.json()) as { idToken: string };
    expect((await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${idToken}`).expect(200)).body.email).toBe(email);
  });

  it('answers 401 without a token', async () => {
    await request(api.url).get('/api/auth/user').expect(401);
    await request(api.url).post('/api/auth/sync').send({}).expect(401);
    await request(api.url).patch('/api/auth/profile').send({ firstName: 'X' }).expect(401);
  });
});

describe('first requests of a new account', () => {
  it('register the account once even when they arrive together', async () => {
    const user = await signedInUser({ name: 'Sade Adu' });
    const auth = { Authorization: `Bearer ${user.token}` };
    const responses = await Promise.all([
      request(api.url).post('/api/auth/sync').set(auth).send({ displayName: 'Sade Adu' }),
      request(api.url).get('/api/auth/user').set(auth),
      request(api.url).get('/api/auth/user').set(auth),
      request(api.url).get('/api/vehicles/my-listings').set(auth),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await api.orm.em.getConnection().execute('select count(*)::int as n from users where id = ?', [user.uid]);
    expect(rows[0]?.n).toBe(1);
  });

  it('take over an email still held by a deleted account', async () => {
    await api.orm.em.getConnection().execute(
      `insert into users (id, email, role) values ('deleted-account', 'returning@example.ng', 'user')`,
    );
    const user = await signedInUser({ email: 'returning@example.ng' });
    const res = await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(res.body.email).toBe(user.email);
  });
});

describe('account standing', () => {
  it('refuses the token of a disabled, signed-out-everywhere or deleted account', async () => {
    const disabled = await signedInUser();
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${disabled.token}`).expect(401);

    const revoked = await signedInUser();
    await new Promise((r) => setTimeout(r, 1100));
    await adminAuth().revokeRefreshTokens(revoked.uid);
    await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${revoked.token}`).expect(401);

    const deleted = await signedInUser();
    await adminAuth().deleteUser(deleted.uid);
    await request(api.url).get('/api/auth/user').set('Authorization', `Bearer ${deleted.token}`).expect(401);
  });

  it('treats an anonymous guest as signed in, shown as Anonymous', async () => {
    const guest = await anonymousGuest();
    const auth = { Authorization: `Bearer ${guest.token}` };
    const me = await request(api.url).get('/api/auth/user').set(auth).expect(200);
    expect(me.body).toMatchObject({ id: guest.uid, email: null, displayName: 'Anonymous', role: 'user' });
    const listing = await request(api.url).post('/api/vehicles').set(auth).send(await listingBy(api.url, guest.token)).expect(201);
    expect(listing.body.seller.name).toBe('Anonymous');
  });
});
