import { describe, expect, it } from 'vitest';
import { type Actor, notSignedIn, User, type VerifiedIdentity } from '@voltmarket/domain';
import { Authenticate, IMAGE_MAX_BYTES, SyncUser, UpdateProfile, UploadListingImage, type IdentityVerifier } from '../src/index.js';
import { FixedClock, InMemoryImageStore, InMemoryListingRepository, InMemoryPhotoHashes, InMemoryUploadLedger, InMemoryUserRepository, SimplePhoneNumbers } from './support/in-memory.js';

const phones = new SimplePhoneNumbers();

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
    const synced = await new SyncUser(users, clock, phones).execute({ displayName: 'Kemi Balogun', phone: '+234 809 111 2222' }, me);
    expect(synced).toMatchObject({ firstName: 'Kemi', lastName: 'Balogun', phone: '+2348091112222', email: 'k@x.ng' });
    const updated = await new UpdateProfile(users, clock, phones).execute({ lastName: 'Balogun-Ade' }, me);
    expect(updated.lastName).toBe('Balogun-Ade');
    await expect(new UpdateProfile(users, clock, phones).execute({ firstName: '' }, me)).rejects.toMatchObject({ kind: 'validation' });
    await expect(new UpdateProfile(users, clock, phones).execute({ firstName: 'X' }, null)).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});

describe('phone numbers on a profile', () => {
  it('stores E.164, refuses a number that cannot be dialled, and a sign-in sync skips one rather than failing', async () => {
    const users = new InMemoryUserRepository();
    const clock = new FixedClock();
    const me: Actor = { userId: 'p1', role: 'user' };
    await users.save(User.register({ uid: 'p1', email: 'p1@x.ng', emailVerified: true, name: 'Ify Nnaji', phone: null, signInProvider: 'password' }, clock.now()));
    const update = new UpdateProfile(users, clock, phones);
    expect((await update.execute({ phone: '0701 234 5678' }, me)).phone).toBe('+2347012345678');
    await expect(update.execute({ phone: '0803 555 12' }, me)).rejects.toMatchObject({ details: [{ field: 'phone' }] });
    expect((await update.execute({ phone: null }, me)).phone).toBeNull();
    expect((await new SyncUser(users, clock, phones).execute({ phone: '555' }, me)).phone).toBeNull();
    expect((await new SyncUser(users, clock, phones).execute({ phone: '0906 123 4567' }, me)).phone).toBe('+2349061234567');
  });
});

describe('UploadListingImage', () => {
  const me: Actor = { userId: 'u1', role: 'user' };
  const clock = new FixedClock();
  const uploadWith = (store: InMemoryImageStore) =>
    new UploadListingImage(store, new InMemoryUploadLedger(new InMemoryListingRepository(), clock), { perAccount: 200, perGuestNetwork: 20 }, clock, new InMemoryPhotoHashes(new InMemoryListingRepository()));
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

  it('stores a JPEG judged by its content', async () => {
    const store = new InMemoryImageStore();
    const stored = await uploadWith(store).execute({ bytes: jpeg, fileName: 'car.png', networkKey: 'net' }, me);
    expect(stored.url).toMatch(/\.webp$/);
    expect(store.stored).toHaveLength(1);
  });

  it('refuses other formats whatever the name says, and files over 5 MB, naming the file', async () => {
    const store = new InMemoryImageStore();
    const use = uploadWith(store);
    await expect(use.execute({ bytes: new Uint8Array([0x47, 0x49, 0x46]), fileName: 'anim.jpg', networkKey: 'net' }, me))
      .rejects.toMatchObject({ kind: 'unsupported_media', message: 'anim.jpg is not a supported image format' });
    await expect(use.execute({ bytes: new TextEncoder().encode('<svg/>'), fileName: 'x.webp', networkKey: 'net' }, me)).rejects.toMatchObject({ kind: 'unsupported_media' });
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(jpeg);
    await expect(use.execute({ bytes: big, fileName: 'huge.jpg', networkKey: 'net' }, me)).rejects.toMatchObject({ kind: 'too_large', message: 'huge.jpg exceeds 5MB limit' });
    await expect(use.execute({ bytes: null, fileName: '', networkKey: 'net' }, me)).rejects.toMatchObject({ kind: 'validation' });
    await expect(use.execute({ bytes: jpeg, fileName: 'a.jpg', networkKey: 'net' }, null)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(store.stored).toHaveLength(0);
  });
});
