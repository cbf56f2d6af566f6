import { describe, expect, it } from 'vitest';
import { type Actor, User } from '@voltmarket/domain';
import { AuditTrail, ConfirmVerifiedPhone, contactPhone, DecideDealerVerification, type DealerRequestReads, type PhoneOwnership, SubmitDealerDetails } from '../src/index.js';
import { FixedClock, InMemoryAuditLog, InMemoryUnitOfWork, InMemoryUserRepository, SimplePhoneNumbers } from './support/in-memory.js';

const seller: Actor = { userId: 'seller', role: 'user' };
const support: Actor = { userId: 'support', role: 'support' };

function world(held: Record<string, string> = {}) {
  const users = new InMemoryUserRepository();
  const clock = new FixedClock();
  for (const [uid, role] of [['seller', 'user'], ['other', 'user'], ['support', 'support']] as const) {
    const user = User.register({ uid, email: `${uid}@x.ng`, emailVerified: true, name: `${uid} Person`, phone: null, signInProvider: 'password' }, clock.now());
    user.role = role;
    users.rows.set(uid, user);
  }
  const audit = new InMemoryAuditLog();
  const work = new InMemoryUnitOfWork([users], audit);
  const ownership: PhoneOwnership = { verifiedPhone: async (uid) => held[uid] ?? null };
  const reads: DealerRequestReads = {
    list: async ({ ids }) => {
      const items = [...users.rows.values()].filter((u) => u.dealer() && (!ids || ids.includes(u.id))).map((u) => ({
        id: u.id, email: u.email, name: u.displayName(), phoneVerified: !!u.verifiedPhone, ...u.dealer()!,
        submittedAt: u.dealer()!.submittedAt.toISOString(), decidedAt: u.dealer()!.decidedAt?.toISOString() ?? null,
      }));
      return { items, total: items.length };
    },
  };
  return {
    users, audit, clock,
    confirm: new ConfirmVerifiedPhone(users, ownership, new SimplePhoneNumbers(), work, clock),
    submit: new SubmitDealerDetails(users, work, clock),
    decide: new DecideDealerVerification(users, reads, new AuditTrail(audit, users, clock), work, clock),
  };
}

describe('ConfirmVerifiedPhone', () => {
  it("stores the number the identity provider holds for the caller's account", async () => {
    const w = world({ seller: '+2348035551234' });
    const view = await w.confirm.execute(undefined, seller);
    expect(view).toMatchObject({ verifiedPhone: '+2348035551234', phoneVerified: true });
  });

  it('refuses when the provider holds no verified number for the account, and changes nothing', async () => {
    const w = world({ other: '+2348035551234' });
    await expect(w.confirm.execute(undefined, seller)).rejects.toMatchObject({ code: 'PHONE_NOT_VERIFIED', kind: 'rule' });
    expect(w.users.rows.get('seller')!.verifiedPhone).toBeNull();
    await expect(w.confirm.execute(undefined, null)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
  });
});

describe('contactPhone', () => {
  it('gives the SMS-verified number first, then the listing\'s typed one, then the profile\'s', () => {
    expect(contactPhone({ verifiedPhone: '+2348030000001', phone: '+2348030000003' }, { sellerPhone: '+2348030000002' })).toBe('+2348030000001');
    expect(contactPhone({ verifiedPhone: null, phone: '+2348030000003' }, { sellerPhone: '+2348030000002' })).toBe('+2348030000002');
    expect(contactPhone({ verifiedPhone: null, phone: '+2348030000003' }, { sellerPhone: null })).toBe('+2348030000003');
    expect(contactPhone(null, null)).toBeNull();
  });
});

describe('dealer verification', () => {
  it('waits for staff, who verify it with an audit entry; a change of name sends it back to waiting', async () => {
    const w = world();
    expect((await w.submit.execute({ businessName: 'Lekki EV Motors Ltd', cacNumber: 'rc 1234567' }, seller)).dealerRequest).toMatchObject({ status: 'pending', cacNumber: 'RC1234567' });
    expect(await w.decide.execute({ userId: 'seller', verdict: 'verify' }, support)).toMatchObject({ status: 'verified', decidedBy: 'support' });
    expect(w.audit.entries.map((e) => [e.action, e.recordId, e.before, e.after])).toEqual([
      ['user.dealer_verified', 'seller', { status: 'pending' }, { status: 'verified' }],
    ]);
    const after = await w.submit.execute({ businessName: 'Lekki EV Motors', cacNumber: 'RC1234567' }, seller);
    expect(after.verifiedDealer).toBeUndefined();
    expect(after.dealerRequest?.status).toBe('pending');
  });

  it('lets only staff decide, and only requests that exist and wait', async () => {
    const w = world();
    await w.submit.execute({ businessName: 'Lekki EV Motors Ltd', cacNumber: 'RC1234567' }, seller);
    await expect(w.decide.execute({ userId: 'seller', verdict: 'verify' }, seller)).rejects.toMatchObject({ code: 'STAFF_ONLY' });
    await expect(w.decide.execute({ userId: 'other', verdict: 'verify' }, support)).rejects.toMatchObject({ code: 'DEALER_REQUEST_NOT_FOUND' });
    await w.decide.execute({ userId: 'seller', verdict: 'reject', reason: 'No such RC number at the CAC' }, support);
    await expect(w.decide.execute({ userId: 'seller', verdict: 'verify' }, support)).rejects.toMatchObject({ code: 'DEALER_REQUEST_DECIDED' });
    expect(w.users.rows.get('seller')!.dealer()).toMatchObject({ status: 'rejected', rejectionReason: 'No such RC number at the CAC' });
    expect(w.audit.entries).toHaveLength(1);
  });
});
