import { describe, expect, it } from 'vitest';
import { AuditEntry, User, changedValues, checkRoleChange } from '../src/index.js';

const now = new Date('2026-11-21T10:00:00Z');
const person = (email: string | null, role: User['role'] = 'user') => {
  const user = User.register({ uid: email ?? 'guest', email, emailVerified: true, name: 'Some One', phone: null, signInProvider: 'password' }, now);
  user.role = role;
  return user;
};
const staff = { adminEmails: ['boss@voltmarket.ng'], supportEmails: ['help@voltmarket.ng'] };

describe('role changes', () => {
  it('never demote the last administrator, whoever asks', () => {
    expect(() => checkRoleChange(person('a@x.ng', 'admin'), 'support', { adminCount: 1, staff })).toThrow(expect.objectContaining({ code: 'LAST_ADMIN', kind: 'conflict' }));
    expect(() => checkRoleChange(person('a@x.ng', 'admin'), 'user', { adminCount: 2, staff })).not.toThrow();
  });

  it('keep bootstrap staff at least at their configured role', () => {
    expect(() => checkRoleChange(person('Boss@voltmarket.ng', 'admin'), 'support', { adminCount: 3, staff })).toThrow(expect.objectContaining({ code: 'BOOTSTRAP_STAFF' }));
    expect(() => checkRoleChange(person('help@voltmarket.ng', 'support'), 'user', { adminCount: 3, staff })).toThrow(expect.objectContaining({ code: 'BOOTSTRAP_STAFF' }));
    expect(() => checkRoleChange(person('help@voltmarket.ng', 'support'), 'admin', { adminCount: 3, staff })).not.toThrow();
  });

  it('make no guest without an email staff, and let a no-op through', () => {
    expect(() => checkRoleChange(person(null), 'support', { adminCount: 1, staff })).toThrow(expect.objectContaining({ code: 'STAFF_NEEDS_EMAIL', kind: 'rule' }));
    expect(() => checkRoleChange(person('a@x.ng', 'admin'), 'admin', { adminCount: 1, staff })).not.toThrow();
  });
});

describe('audit entries', () => {
  it('keep only the fields that changed', () => {
    expect(changedValues({ title: 'A', price: 1, tags: ['x'] }, { title: 'B', price: 1, tags: ['x'] })).toEqual({ before: { title: 'A' }, after: { title: 'B' } });
    expect(changedValues({ imageUrls: ['a', 'b'] }, { imageUrls: ['b', 'a'] })).toEqual({ before: { imageUrls: ['a', 'b'] }, after: { imageUrls: ['b', 'a'] } });
  });

  it('keep the whole record of a deletion', () => {
    const entry = AuditEntry.record({
      actorId: 'u1', actorEmail: 'boss@voltmarket.ng', action: 'vehicle.deleted', resource: 'vehicles', recordId: '7',
      recordLabel: '2021 Nissan Leaf', before: { title: '2021 Nissan Leaf', price: 9 }, after: null,
    }, now);
    expect(entry).toMatchObject({ before: { title: '2021 Nissan Leaf', price: 9 }, after: null, createdAt: now });
  });
});
