import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVoltmarketClient,
  getCatalogue,
  getVehicle,
  listMyVehicles,
  searchVehicles,
  type Catalogue,
  type Client,
  type Vehicle,
  type VehicleSummary,
} from '@voltmarket/sdk';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

let api: TestApi;
let visitor: Client;
let seller: Client;
let listingId: number;

beforeAll(async () => {
  api = await startTestApi();
  const [sellerAccount, admin] = await Promise.all([signedInUser({ name: 'Ada Okafor' }), signedInAs(api.staffEmails.admin)]);
  listingId = await liveListing(api.url, sellerAccount.token, admin.token, { title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Abuja' });
  visitor = createVoltmarketClient(api.url);
  seller = createVoltmarketClient(api.url, async () => sellerAccount.token);
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

describe('the generated SDK against the real API', () => {
  it('lists the catalogue a search form offers', async () => {
    const { data, response } = await getCatalogue({ client: visitor });
    expect(response.status).toBe(200);
    const catalogue: Catalogue | undefined = data;
    expect(catalogue?.brands.find((b) => b.name === 'Kia')?.models).toContain('EV6');
    expect(catalogue?.locations).toContain('Abuja');
    expect(catalogue?.vehicleTypes).toContain('car');
  });

  it('finds a live listing by filters and reads it, signed out', async () => {
    const found = await searchVehicles({ client: visitor, query: { brand: 'kia', location: 'abuja', minPrice: 1_000_000 } });
    expect(found.error).toBeUndefined();
    expect(found.response.headers.get('x-total-count')).toBe('1');
    const summaries: VehicleSummary[] = found.data ?? [];
    expect(summaries.map((l) => [l.id, l.title, l.status])).toEqual([[listingId, '2023 Kia EV6 GT-Line', 'active']]);

    const { data } = await getVehicle({ client: visitor, path: { id: listingId } });
    const listing: Vehicle | undefined = data;
    expect(listing).toMatchObject({ id: listingId, brand: 'Kia', model: 'EV6', location: 'Abuja', isVerified: true });
  });

  it('answers a missing listing with the typed error body', async () => {
    const { data, error, response } = await getVehicle({ client: visitor, path: { id: 2_147_483_647 } });
    expect(response.status).toBe(404);
    expect(data).toBeUndefined();
    expect(error?.error.code).toBe('LISTING_NOT_FOUND');
  });

  it('sends the bearer credential to the operations that need one', async () => {
    const signedOut = await listMyVehicles({ client: visitor });
    expect(signedOut.response.status).toBe(401);
    const { data } = await listMyVehicles({ client: seller });
    expect(data?.map((l) => [l.id, l.status])).toEqual([[listingId, 'active']]);
  });
});
