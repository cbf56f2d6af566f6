import { describe, expect, it } from 'vitest';
import { type Actor, notSignedIn, type VerifiedIdentity } from '@voltmarket/domain';
import { Authenticate, IMAGE_MAX_BYTES, SyncUser, UpdateProfile, UploadListingImage, type IdentityVerifier } from '../src/index.js';
import { FixedClock, InMemoryImageStore, InMemoryUserRepository } from './support/in-memory.js';

const staff = { adminEmails: ['admin@voltmarket.test'], supportEmails: [] };

class TokenTable implements IdentityVerifier {
  constructor(private readonly tokens: Record<string, VerifiedIdentity>) {}
  async verify(token: string): Promise<VerifiedIdentity> {
    const found = this.tokens[token];
    if (!found) throw notSignedIn();
    return found;
  }
}

const identity = (uid: string, email: string | null, emailVerified = true): VerifiedIdentity => ({
  uid, email, emailVerified, name: 'Kemi Balogun', phone: null, signInProvider: 'password',
});

describe('Authenticate', () => {
  it('registers a first-time user and makes a verified bootstrap address an admin', async () => {
    const users = new InMemoryUserRepository();
    const auth = new Authenticate(new TokenTable({ a: identity('u1', 'admin@voltmarket.test'), b: identity('u2', 'kemi@x.ng') }), users, staff, new FixedClock());
    expect((await auth.execute({ token: 'a' })).actor).toEqual({ userId: 'u1', role: 'admin', isGuest: false });
    expect((await auth.execute({ token: 'b' })).actor).toEqual({ userId: 'u2', role: 'user', isGuest: false });
    expect(users.rows.size).toBe(2);
  });

  it('marks an anonymous guest as a guest, so what counts per person counts guests by address', async () => {
    const guest: VerifiedIdentity = { uid: 'g1', email: null, emailVerified: false, name: null, phone: null, signInProvider: 'anonymous' };
    const auth = new Authenticate(new TokenTable({ g: guest }), new InMemoryUserRepository(), staff, new FixedClock());
    expect((await auth.execute({ token: 'g' })).actor).toEqual({ userId: 'g1', role: 'user', isGuest: true });
  });

  it('does not trust an unverified bootstrap address', async () => {
    const auth = new Authenticate(new TokenTable({ a: identity('u1', 'admin@voltmarket.test', false) }), new InMemoryUserRepository(), staff, new FixedClock());
    expect((await auth.execute({ token: 'a' })).actor.role).toBe('user');
  });

  it('refuses an unknown token', async () => {
    const auth = new Authenticate(new TokenTable({}), new InMemoryUserRepository(), staff, new FixedClock());
    await expect(auth.execute({ token: 'forged' })).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});

describe('SyncUser and UpdateProfile', () => {
  it('fill names from the display name and edit the profile of the caller only', async () => {
    const users = new InMemoryUserRepository();
    const clock = new FixedClock();
    await new Authenticate(new TokenTable({ t: { ...identity('u1', 'k@x.ng'), name: null } }), users, staff, clock).execute({ token: 't' });
    const me: Actor = { userId: 'u1', role: 'user' };
    const synced = await new SyncUser(users, clock).execute({ displayName: 'Kemi Balogun', phone: '+234 809 111 2222' }, me);
    expect(synced).toMatchObject({ firstName: 'Kemi', lastName: 'Balogun', phone: '+234 809 111 2222', email: 'k@x.ng' });
    const updated = await new UpdateProfile(users, clock).execute({ lastName: 'Balogun-Ade' }, me);
    expect(updated.lastName).toBe('Balogun-Ade');
    await expect(new UpdateProfile(users, clock).execute({ firstName: '' }, me)).rejects.toMatchObject({ kind: 'validation' });
    await expect(new UpdateProfile(users, clock).execute({ firstName: 'X' }, null)).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});

describe('UploadListingImage', () => {
  const me: Actor = { userId: 'u1', role: 'user' };
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

  it('stores a JPEG judged by its content', async () => {
    const store = new InMemoryImageStore();
    const stored = await new UploadListingImage(store).execute({ bytes: jpeg, fileName: 'car.png' }, me);
    expect(stored.url).toMatch(/\.webp$/);
    expect(store.stored).toHaveLength(1);
  });

  it('refuses other formats whatever the name says, and files over 5 MB, naming the file', async () => {
    const store = new InMemoryImageStore();
    const use = new UploadListingImage(store);
    await expect(use.execute({ bytes: new Uint8Array([0x47, 0x49, 0x46]), fileName: 'anim.jpg' }, me))
      .rejects.toMatchObject({ kind: 'unsupported_media', message: 'anim.jpg is not a supported image format' });
    await expect(use.execute({ bytes: new TextEncoder().encode('<svg/>'), fileName: 'x.webp' }, me)).rejects.toMatchObject({ kind: 'unsupported_media' });
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(jpeg);
    await expect(use.execute({ bytes: big, fileName: 'huge.jpg' }, me)).rejects.toMatchObject({ kind: 'too_large', message: 'huge.jpg exceeds 5MB limit' });
    await expect(use.execute({ bytes: null, fileName: '' }, me)).rejects.toMatchObject({ kind: 'validation' });
    await expect(use.execute({ bytes: jpeg, fileName: 'a.jpg' }, null)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(store.stored).toHaveLength(0);
  });
});
