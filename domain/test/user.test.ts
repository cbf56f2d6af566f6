import { describe, expect, it } from 'vitest';
import { bootstrapRole, sellerDisplayName, splitDisplayName, User, ValidationError, type VerifiedIdentity } from '../src/index.js';

const now = new Date('2026-11-21T10:00:00Z');
const staff = { adminEmails: ['admin@voltmarket.test'], supportEmails: ['support@voltmarket.test'] };
const identity = (overrides: Partial<VerifiedIdentity> = {}): VerifiedIdentity => ({
  uid: 'uid-1',
  email: 'Ada@Example.com',
  emailVerified: true,
  name: 'Ada Okafor',
  phone: null,
  signInProvider: 'password',
  ...overrides,
});

describe('seller display name', () => {
  it('is first plus last name when both exist, for everyone', () => {
    expect(sellerDisplayName({ firstName: 'Ada', lastName: 'Okafor', email: 'ada@x.ng' }, 'visitor')).toBe('Ada Okafor');
    expect(sellerDisplayName({ firstName: 'Ada', lastName: 'Okafor', email: 'ada@x.ng' }, 'member')).toBe('Ada Okafor');
  });
  it('falls back to the part of the email before the @ for signed-in members', () => {
    expect(sellerDisplayName({ firstName: 'Ada', lastName: null, email: 'ada.o@x.ng' }, 'member')).toBe('ada.o');
  });
  it("never shows visitors a part of the seller's email: they see 'Private Seller'", () => {
    expect(sellerDisplayName({ firstName: 'Ada', lastName: null, email: 'ada.o@x.ng' }, 'visitor')).toBe('Private Seller');
    expect(sellerDisplayName({ firstName: null, lastName: null, email: null }, 'visitor')).toBe('Private Seller');
  });
  it("is 'Anonymous' with neither, for members", () => {
    expect(sellerDisplayName({ firstName: null, lastName: null, email: null }, 'member')).toBe('Anonymous');
  });
});

describe('display name splitting', () => {
  it('takes the first word as first name and the rest as last name', () => {
    expect(splitDisplayName('  Chinwe  Ada   Obi ')).toEqual(['Chinwe', 'Ada Obi']);
    expect(splitDisplayName('Madonna')).toEqual(['Madonna', null]);
    expect(splitDisplayName(null)).toEqual([null, null]);
  });
});

describe('bootstrap staff roles', () => {
  it('apply only to a verified email on the list', () => {
    expect(bootstrapRole(identity({ email: 'ADMIN@voltmarket.test' }), staff)).toBe('admin');
    expect(bootstrapRole(identity({ email: 'support@voltmarket.test' }), staff)).toBe('support');
    expect(bootstrapRole(identity({ email: 'admin@voltmarket.test', emailVerified: false }), staff)).toBe('user');
    expect(bootstrapRole(identity({ email: null }), staff)).toBe('user');
  });

  it('raise a role but never lower one an admin granted', () => {
    const user = User.register(identity(), now);
    user.changeRole('admin', now);
    user.refreshFrom(identity(), staff, now);
    expect(user.role).toBe('admin');
    const support = User.register(identity({ uid: 'u2', email: 'support@voltmarket.test' }), now);
    support.refreshFrom(identity({ uid: 'u2', email: 'support@voltmarket.test' }), staff, now);
    expect(support.role).toBe('support');
  });
});

describe('profile', () => {
  it('registers with names from the provider and a lower-case email', () => {
    const user = User.register(identity(), now);
    expect(user).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Okafor', role: 'user' });
  });

  it('edits names within 1..50 characters and a plausible phone', () => {
    const user = User.register(identity(), now);
    user.updateProfile({ firstName: ' Adaeze ', phone: '+234 803 555 0101' }, now);
    expect(user).toMatchObject({ firstName: 'Adaeze', phone: '+234 803 555 0101' });
    expect(() => user.updateProfile({ firstName: '' }, now)).toThrow(ValidationError);
    expect(() => user.updateProfile({ lastName: 'x'.repeat(51) }, now)).toThrow(/not valid/);
    expect(() => user.updateProfile({ phone: 'not a phone' }, now)).toThrow(ValidationError);
    expect(user.firstName).toBe('Adaeze');
  });

  it('fills blanks from a sign-in sync without overwriting what the user set', () => {
    const user = User.register(identity({ name: null }), now);
    user.fillBlanks({ firstName: 'Ada', lastName: 'Okafor' }, now);
    user.fillBlanks({ firstName: 'Someone', lastName: 'Else' }, now);
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Okafor' });
  });
});
