import { describe, expect, it } from 'vitest';
import { type DealerVerification, decideDealer, normaliseCacNumber, submitDealerDetails, User } from '../src/index.js';

const t0 = new Date('2026-12-06T09:00:00Z');
const t1 = new Date('2026-12-07T09:00:00Z');
const details = { businessName: 'Lekki EV Motors Ltd', cacNumber: 'RC 1234567' };

describe('CAC registration numbers', () => {
  it('takes RC (a company) or BN (a business name) and digits, however spaced or cased, and keeps them as RC1234567', () => {
    expect(normaliseCacNumber('RC 1234567')).toBe('RC1234567');
    expect(normaliseCacNumber('rc-1234567')).toBe('RC1234567');
    expect(normaliseCacNumber('  BN3456789 ')).toBe('BN3456789');
    expect(normaliseCacNumber('bn 12')).toBe('BN12');
  });

  it('refuses anything else: no prefix, another prefix, letters in the digits, too many digits', () => {
    for (const typed of ['1234567', 'IT 123456', 'RC', 'RC 12a45', 'RC 123456789', 'RCC 1234', 'RC 1234 5', '']) {
      expect(normaliseCacNumber(typed), typed).toBeNull();
    }
  });
});

describe('submitting dealer details', () => {
  it('waits for staff, with the details cleaned', () => {
    const request = submitDealerDetails(null, { businessName: '  Lekki   EV Motors Ltd ', cacNumber: 'rc 1234567' }, t0);
    expect(request).toEqual({
      businessName: 'Lekki EV Motors Ltd', cacNumber: 'RC1234567', status: 'pending', rejectionReason: null, submittedAt: t0, decidedAt: null, decidedBy: null,
    });
  });

  it('names every field that is wrong, with what to type', () => {
    expect(() => submitDealerDetails(null, { businessName: 'X', cacNumber: '1234567' }, t0)).toThrow(expect.objectContaining({
      code: 'VALIDATION_FAILED',
      details: [
        { field: 'businessName', message: 'Enter your business name as registered with the CAC' },
        { field: 'cacNumber', message: 'Enter RC or BN followed by the digits of your registration, like RC 1234567' },
      ],
    }));
    expect(() => submitDealerDetails(null, { businessName: 'a'.repeat(101), cacNumber: 'RC1' }, t0)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('sends a verified dealer back to waiting when the name or number changes', () => {
    const verified = decideDealer(submitDealerDetails(null, details, t0), { verdict: 'verify' }, 'staff-1', t0);
    const renamed = submitDealerDetails(verified, { ...details, businessName: 'Lekki EV Motors' }, t1);
    expect(renamed).toMatchObject({ status: 'pending', businessName: 'Lekki EV Motors', submittedAt: t1, decidedAt: null, decidedBy: null });
    expect(submitDealerDetails(verified, { ...details, cacNumber: 'RC 7654321' }, t1).status).toBe('pending');
  });

  it('keeps a verified dealer verified when the same details are sent again (however typed)', () => {
    const verified = decideDealer(submitDealerDetails(null, details, t0), { verdict: 'verify' }, 'staff-1', t0);
    expect(submitDealerDetails(verified, { businessName: ' Lekki EV Motors Ltd', cacNumber: 'rc1234567' }, t1)).toBe(verified);
  });

  it('lets a rejected seller ask again with the same details: it waits once more, without the old reason', () => {
    const rejected = decideDealer(submitDealerDetails(null, details, t0), { verdict: 'reject', reason: 'The CAC search shows another name' }, 'staff-1', t0);
    expect(submitDealerDetails(rejected, details, t1)).toMatchObject({ status: 'pending', rejectionReason: null, submittedAt: t1 });
  });
});

describe('staff decisions', () => {
  const waiting: DealerVerification = submitDealerDetails(null, details, t0);

  it('verifies a waiting request, remembering who and when', () => {
    expect(decideDealer(waiting, { verdict: 'verify' }, 'staff-1', t1)).toMatchObject({ status: 'verified', decidedAt: t1, decidedBy: 'staff-1', rejectionReason: null });
  });

  it('rejects only with a reason the seller can act on', () => {
    expect(decideDealer(waiting, { verdict: 'reject', reason: '  No such RC number  ' }, 'staff-1', t1)).toMatchObject({ status: 'rejected', rejectionReason: 'No such RC number' });
    for (const reason of ['', '  ', 'no', undefined, 'x'.repeat(501)]) {
      expect(() => decideDealer(waiting, { verdict: 'reject', reason }, 'staff-1', t1)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    }
  });

  it('refuses to decide a request twice', () => {
    const verified = decideDealer(waiting, { verdict: 'verify' }, 'staff-1', t1);
    expect(() => decideDealer(verified, { verdict: 'reject', reason: 'Changed my mind' }, 'staff-2', t1)).toThrow(expect.objectContaining({ code: 'DEALER_REQUEST_DECIDED', kind: 'conflict' }));
    const rejected = decideDealer(waiting, { verdict: 'reject', reason: 'No such RC number' }, 'staff-1', t1);
    expect(() => decideDealer(rejected, { verdict: 'verify' }, 'staff-2', t1)).toThrow(expect.objectContaining({ code: 'DEALER_REQUEST_DECIDED' }));
  });
});

describe('a user', () => {
  const register = () => User.register({ uid: 'u1', email: 'ada@x.ng', emailVerified: true, name: 'Ada Okafor', phone: null, signInProvider: 'password' }, t0);

  it('shows a dealer name to buyers only once staff verified it', () => {
    const user = register();
    expect(user.dealer()).toBeNull();
    user.setDealer(submitDealerDetails(null, details, t0), t0);
    expect(user.dealer()?.status).toBe('pending');
    expect(user.verifiedDealerName()).toBeNull();
    user.setDealer(decideDealer(user.dealer()!, { verdict: 'verify' }, 'staff-1', t1), t1);
    expect(user.verifiedDealerName()).toBe('Lekki EV Motors Ltd');
  });

  it('records a verified phone and says whether it changed', () => {
    const user = register();
    expect(user.verifiedPhone).toBeNull();
    expect(user.verifyPhone('+2348035551234', t1)).toBe(true);
    expect(user).toMatchObject({ verifiedPhone: '+2348035551234', phoneVerifiedAt: t1 });
    expect(user.verifyPhone('+2348035551234', t1)).toBe(false);
  });
});
