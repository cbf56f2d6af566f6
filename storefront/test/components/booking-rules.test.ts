import { describe, expect, it } from 'vitest';
import { cancelledText } from '../../src/features/rentals/booking-rules';
import type { Rental } from '../../src/lib/api-types';

// Asked on 24 Nov at 11:00 in Lagos for 1 Dec: the owner had 48 hours to answer.
const asked = { createdAt: '2026-11-24T10:00:00Z', startDate: '2026-12-01' };
const cancelled = (cancelledBy: Rental['cancelledBy'], cancelReason: string | null, when = asked) => ({ cancelledBy, cancelReason, ...when });

describe('a cancelled booking, as each side reads it', () => {
  it('the owner declined: "You declined this request" for the owner, "Declined by the owner" for the renter, with the reason', () => {
    const declined = cancelled('owner', 'The car is in for service that week');
    expect(cancelledText(declined, 'owner')).toBe('You declined this request: The car is in for service that week.');
    expect(cancelledText(declined, 'renter')).toBe('Declined by the owner: The car is in for service that week.');
  });

  it('the renter cancelled: "You cancelled this request" for the renter, "Cancelled by the renter" for the owner', () => {
    const withdrawn = cancelled('renter', 'Plans changed!');
    expect(cancelledText(withdrawn, 'renter')).toBe('You cancelled this request: Plans changed!');
    expect(cancelledText(withdrawn, 'owner')).toBe('Cancelled by the renter: Plans changed!');
  });

  it('never repeats a stand-in the server wrote for a missing reason', () => {
    expect(cancelledText(cancelled('owner', 'Declined by the owner'), 'owner')).toBe('You declined this request.');
    expect(cancelledText(cancelled('owner', 'Declined by the owner'), 'renter')).toBe('Declined by the owner.');
    expect(cancelledText(cancelled('renter', 'Cancelled by the renter'), 'renter')).toBe('You cancelled this request.');
    expect(cancelledText(cancelled('renter', 'Cancelled by the renter'), 'owner')).toBe('Cancelled by the renter.');
    expect(cancelledText(cancelled('staff', 'Cancelled by Voltmarket support'), 'renter')).toBe('Cancelled by Voltmarket.');
  });

  it('staff cancelled: the same for both, with the reason', () => {
    for (const side of ['renter', 'owner'] as const) {
      expect(cancelledText(cancelled('staff', 'Vehicle failed inspection'), side)).toBe('Cancelled by Voltmarket: Vehicle failed inspection.');
    }
  });

  it('expired: who did not answer, and by when (48 hours, or the start day when that came first)', () => {
    expect(cancelledText(cancelled('system', 'expired'), 'renter')).toBe('Expired: the owner did not answer within 48 hours.');
    expect(cancelledText(cancelled('system', 'expired'), 'owner')).toBe('Expired: you did not answer within 48 hours.');
    const lastMinute = { createdAt: '2026-11-30T20:00:00Z', startDate: '2026-12-01' };
    expect(cancelledText(cancelled('system', 'expired', lastMinute), 'renter')).toBe('Expired: the owner did not answer by its start day.');
    expect(cancelledText(cancelled('system', 'expired', lastMinute), 'owner')).toBe('Expired: you did not answer by its start day.');
  });

  it('another booking took the days', () => {
    for (const side of ['renter', 'owner'] as const) {
      expect(cancelledText(cancelled('system', 'These dates are no longer available'), side)).toBe('Cancelled: another booking took these dates.');
    }
  });
});
