import type { SavedSearch, SavedSearchList, User } from '../../src/lib/api-types';

export const BUYER_ID = 'buyer-chukwuemeka';

export const buyer = (changes: Partial<User> = {}): User => ({
  id: BUYER_ID, email: 'chukwuemeka.okonkwo-adeyemi@portharcourt-logistics.example.test', emailVerified: true, firstName: 'Chukwuemeka', lastName: 'Okonkwo-Adeyemi',
  displayName: 'Chukwuemeka Okonkwo-Adeyemi', phone: '+2348091234567', verifiedPhone: null, phoneVerified: false, profileImageUrl: null, role: 'user', createdAt: '2026-01-05T10:00:00Z', updatedAt: '2026-01-05T10:00:00Z',
  ...changes,
});

export const LEAF_ID = '6b1f0c2e-5d7a-4c1e-9a43-0e6f4b8c2d11';
export const IONIQ_ID = '0d9e8f7a-1b2c-4d3e-8f5a-6b7c8d9e0f12';

/** A price alert: a Nissan Leaf, 2018 to 2021, in Kano, at most ₦8M. */
export function savedSearch(changes: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: LEAF_ID,
    name: 'Nissan Leaf in Kano under ₦8M',
    criteria: { brand: 'Nissan', model: 'Leaf', yearMin: 2018, yearMax: 2021, location: 'Kano', maxPrice: 8_000_000 },
    channel: 'instant',
    paused: false,
    newMatches: 3,
    browseUrl: '/browse?brand=Nissan&model=Leaf&location=Kano&yearMin=2018&yearMax=2021&maxPrice=8000000',
    lastSeenAt: '2026-11-20T08:00:00Z',
    createdAt: '2026-11-01T08:00:00Z',
    updatedAt: '2026-11-20T08:00:00Z',
    ...changes,
  };
}

export const ioniqSearch = (changes: Partial<SavedSearch> = {}): SavedSearch =>
  savedSearch({
    id: IONIQ_ID,
    name: 'Hyundai IONIQ 5 in Lagos',
    criteria: { vehicleType: 'car', brand: 'Hyundai', location: 'Lagos', search: 'long range', sort: 'price_asc' },
    channel: 'weekly',
    paused: true,
    newMatches: 0,
    browseUrl: '/browse?vehicleType=car&brand=Hyundai&location=Lagos&search=long%20range&sort=price_asc',
    ...changes,
  });

export const savedSearchList = (items: SavedSearch[], email: SavedSearchList['email'] = { address: buyer().email, verified: true }): SavedSearchList => ({ items, limit: 50, email });

export const apiError = (code: string, message: string, details: { field: string; message: string }[] = []) => ({ error: { code, message, details } });
