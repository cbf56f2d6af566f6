import { describe, expect, it } from 'vitest';
import { staffMayDo, toPermissions } from '../../src/auth/permissions';
import { formatNaira, formatPhone } from '../../src/lib/format';
import { batchesOf, bulkSummary, mergeResults } from '../../src/vehicles/moderation/moderation-messages';
import { NO_REASON_CHOSEN, OTHER_REASON, rejectionReason } from '../../src/vehicles/moderation/reject-reasons';
import { photoFileProblem, tooManyPhotos } from '../../src/vehicles/photos/photo-files';

describe('what the backoffice offers each role (the server decides; the screens follow)', () => {
  const admin = toPermissions({ isAdmin: true, isStaff: true, role: 'admin' });
  const support = toPermissions({ isAdmin: false, isStaff: true, role: 'support' });
  const plain = toPermissions({ isAdmin: false, isStaff: false, role: 'user' });

  it('lets support moderate and read, and keeps deleting listings and changing roles to admins', () => {
    expect(['list', 'show', 'edit'].every((a) => staffMayDo(support, a, 'vehicles'))).toBe(true);
    expect(staffMayDo(support, 'delete', 'vehicles')).toBe(false);
    expect(staffMayDo(admin, 'delete', 'vehicles')).toBe(true);
    expect(staffMayDo(support, 'edit', 'users')).toBe(false);
    expect(staffMayDo(admin, 'edit', 'users')).toBe(true);
    expect(staffMayDo(support, 'export', 'users')).toBe(true);
  });

  it('offers nothing to a person without a staff role, and nobody may change the audit log', () => {
    expect(plain.role).toBeNull();
    expect(staffMayDo(plain, 'list', 'vehicles')).toBe(false);
    expect(staffMayDo(undefined, 'list', 'vehicles')).toBe(false);
    for (const action of ['create', 'edit', 'delete']) expect(staffMayDo(admin, action, 'audit-log')).toBe(false);
    expect(staffMayDo(admin, 'create', 'vehicles')).toBe(false);
  });
});

describe('photos staff add to a listing', () => {
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

  it('refuses what the server would refuse, with the spec wording', () => {
    expect(photoFileProblem(file('car.jpg', 'image/jpeg', 1000))).toBeNull();
    expect(photoFileProblem(file('car.webp', '', 1000))).toBeNull();
    expect(photoFileProblem(file('car.gif', 'image/gif', 1000))).toBe('Invalid file type: car.gif is not a supported image format');
    expect(photoFileProblem(file('big.png', 'image/png', 5_242_881))).toBe('File too large: big.png exceeds 5MB limit');
    expect(photoFileProblem(file('edge.png', 'image/png', 5_242_880))).toBeNull();
  });

  it('keeps a listing to 20 photos', () => {
    expect(tooManyPhotos(18, 2)).toBeNull();
    expect(tooManyPhotos(18, 3)).toContain('you can add 2 more');
    expect(tooManyPhotos(20, 1)).toContain('remove one before adding another');
  });
});

describe('moderation messages', () => {
  it('reports a bulk action with the listings that could not move and why', () => {
    const result = mergeResults([
      { updated: [1, 2], failed: [] },
      { updated: [3], failed: [{ id: 4, code: 'LISTING_ILLEGAL_TRANSITION', message: 'This active listing cannot be approved.' }] },
    ]);
    expect(bulkSummary(result, 'approved', (id) => (id === 4 ? '2021 Volvo EX30' : undefined)))
      .toBe('3 approved, 1 could not be: “2021 Volvo EX30” (#4): This active listing cannot be approved.');
    expect(bulkSummary({ updated: [7], failed: [] }, 'rejected')).toBe('1 rejected.');
  });

  it('sends large selections in batches the API accepts (at most 100 ids)', () => {
    const batches = batchesOf(Array.from({ length: 250 }, (_, i) => i));
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
  });

  it('shows naira with separators and no decimals', () => {
    expect(formatNaira(12_000)).toBe('₦12,000');
    expect(formatNaira(38_500_000.4)).toBe('₦38,500,000');
  });

  it('shows stored (E.164) phones the way people read them, and anything else as stored', () => {
    expect(formatPhone('+2348035551234')).toBe('0803 555 1234');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('ask for Bayo')).toBe('ask for Bayo');
  });
});

describe('the reason a moderator gives for a rejection', () => {
  it('is chosen deliberately: nothing is picked for them, so there is nothing to send at first', () => {
    expect(NO_REASON_CHOSEN).toEqual({ choice: null, ownWords: '' });
    expect(rejectionReason(NO_REASON_CHOSEN)).toEqual({ problem: 'Choose a reason for the rejection' });
  });

  it('is the reason picked from the list, or the words typed under Other', () => {
    expect(rejectionReason({ choice: 'Price looks wrong', ownWords: '' })).toEqual({ reason: 'Price looks wrong' });
    expect(rejectionReason({ choice: 'Did not meet platform standards', ownWords: 'ignored' })).toEqual({ reason: 'Did not meet platform standards' });
    expect(rejectionReason({ choice: OTHER_REASON, ownWords: '  Battery health certificate missing ' })).toEqual({ reason: 'Battery health certificate missing' });
    expect(rejectionReason({ choice: OTHER_REASON, ownWords: '   ' })).toEqual({ problem: 'Please describe the reason' });
    expect(rejectionReason({ choice: OTHER_REASON, ownWords: 'x'.repeat(501) })).toEqual({ problem: 'Keep the reason under 500 characters' });
  });
});
