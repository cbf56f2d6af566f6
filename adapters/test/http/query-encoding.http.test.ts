import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_MODELS, LISTING_LOCATIONS } from '@voltmarket/domain';
import { closeAdminApp, liveListing, rawRequest, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Query values reach us the way browsers and people send them: URLSearchParams writes a space as
 * '+', a typed address or `curl -g` leaves '[', '"', ',' and '/' as they are. Every one must be
 * read as meant, on every GET route with query parameters, public and admin.
 */
let api: TestApi;
let seller: { uid: string; email: string; token: string };
let admin: { uid: string; token: string };
const auth = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });

/** A browser's form encoding: spaces as '+', everything else outside [A-Za-z0-9*-._] %-escaped. */
const formEncoded = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
/** What a person types: spaces as %20 (the wire cannot carry a bare space), reserved characters left alone. */
const asTyped = (value: string) => value.replace(/ /g, '%20').replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));

const MULTI_WORD_BRANDS = Object.keys(BRAND_MODELS).filter((b) => b.includes(' '));

beforeAll(async () => {
  api = await startTestApi();
  seller = await signedInUser({ name: 'Ngozi Eze' });
  admin = await signedInAs(api.staffEmails.admin);
  // A live listing in every city, and one of every multi-word brand, with multi-word models.
  for (const [i, location] of LISTING_LOCATIONS.entries()) {
    await liveListing(api.url, seller.token, admin.token, { location, brand: 'Tesla', model: 'Model Y', title: `2023 Tesla Model Y in ${location}`, price: 30_000_000 + i });
  }
  for (const brand of MULTI_WORD_BRANDS) {
    const model = BRAND_MODELS[brand]![0]!;
    await liveListing(api.url, seller.token, admin.token, { brand, model, title: `2024 ${brand} ${model}`, location: 'Benin City', vehicleType: brand === 'Electric Bikes NG' ? 'bike' : 'car' });
  }
  await liveListing(api.url, seller.token, admin.token, { brand: 'Zero Motorcycles', model: 'SR/F', title: '2022 Zero SR/F, Citroën-grey, ₦ negotiable', vehicleType: 'motorcycle', location: 'Port Harcourt' });
}, 180_000);

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

async function search(query: string): Promise<{ status: number; total: number; items: { location: string; brand: string; model: string; title: string }[] }> {
  const res = await rawRequest(api.url, 'GET', `/api/vehicles?${query}`);
  expect(res.status, `${query} -> ${res.text}`).toBe(200);
  return { status: res.status, total: Number(res.headers['x-total-count']), items: JSON.parse(res.text) };
}

describe('query values as browsers and people send them', () => {
  it('the contract lets every query parameter carry reserved characters', () => {
    const spec = parse(readFileSync('openapi.yaml', 'utf8')) as {
      paths: Record<string, Record<string, { parameters?: ({ $ref?: string } & { in?: string; name?: string; allowReserved?: boolean })[] }>>;
      components: { parameters: Record<string, { in: string; name: string; allowReserved?: boolean }> };
    };
    const strict: string[] = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const p of (Array.isArray(op) ? op : op.parameters) ?? []) {
          const param = p.$ref ? spec.components.parameters[p.$ref.split('/').pop()!]! : p;
          if (param.in === 'query' && !param.allowReserved) strict.push(`${method.toUpperCase()} ${path} ?${param.name}`);
        }
      }
    }
    expect(strict).toEqual([]);
  });

  it('finds listings in every city, with spaces sent as + or as %20', async () => {
    for (const location of LISTING_LOCATIONS) {
      for (const encoded of [formEncoded(location), asTyped(location)]) {
        const { items } = await search(`location=${encoded}`);
        expect(items.length, `location=${encoded}`).toBeGreaterThan(0);
        expect(items.every((v) => v.location === location), `location=${encoded}`).toBe(true);
      }
    }
  });

  it('finds every multi-word brand, and multi-word or slashed free text', async () => {
    for (const brand of MULTI_WORD_BRANDS) {
      const { items } = await search(`brand=${formEncoded(brand)}`);
      expect(items.map((v) => v.brand), brand).toEqual(items.map(() => brand));
      expect(items.length, brand).toBeGreaterThan(0);
    }
    expect((await search(`search=${formEncoded('Model Y')}&location=${formEncoded('Port Harcourt')}`)).items.map((v) => v.title)).toContain('2023 Tesla Model Y in Port Harcourt');
    expect((await search(`search=SR/F`)).items.map((v) => v.model)).toEqual(['SR/F', 'SR/F']);
    expect((await search(`search=${formEncoded('Citroën-grey ₦')}`)).items.map((v) => v.title)).toEqual(['2022 Zero SR/F, Citroën-grey, ₦ negotiable']);
    expect((await search(`search=${asTyped("Zero's SR/F (2022), grey!")}`)).status).toBe(200);
    expect((await search(`brand=${formEncoded('Mercedes-Benz')}&search=${formEncoded('EQS SUV')}`)).status).toBe(200);
  });

  it('reads a whole browse address as the storefront writes it', async () => {
    const params = new URLSearchParams({ vehicleType: 'car', brand: 'Tesla', location: 'Benin City', minPrice: '20000000', maxPrice: '60000000', search: 'Model Y', sort: 'price_desc', limit: '24' });
    const { items } = await search(params.toString());
    expect(items.map((v) => v.title)).toEqual(['2023 Tesla Model Y in Benin City']);
  });

  it("answers the README's admin example sent exactly as written (curl -g)", async () => {
    const res = await rawRequest(api.url, 'GET', '/api/admin/vehicles?sort=["price","ASC"]&range=[0,24]&filter={"status":"active","q":"Model+Y"}', auth(admin));
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-range']).toMatch(/^vehicles 0-\d+\/8$/);
    const rows = JSON.parse(res.text) as { price: number; title: string }[];
    expect(rows.map((r) => r.price)).toEqual([...rows.map((r) => r.price)].sort((a, b) => a - b));
    expect(rows.every((r) => r.title.includes('Model Y'))).toBe(true);
  });

  it('reads spaces and reserved characters on every admin list', async () => {
    const users = await rawRequest(api.url, 'GET', `/api/admin/users?sort=["email","ASC"]&range=[0,9]&filter={"q":"Ngozi+Eze"}`, auth(admin));
    expect(users.status, users.text).toBe(200);
    expect((JSON.parse(users.text) as { email: string }[]).map((u) => u.email)).toEqual([seller.email]);
    const csv = await rawRequest(api.url, 'GET', `/api/admin/users/export?filter={"q":"Ngozi Eze"}`.replace(/ /g, '%20'), auth(admin));
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain(seller.email);
    const audit = await rawRequest(api.url, 'GET', `/api/admin/audit-log?sort=["createdAt","DESC"]&range=[0,4]&filter={"action":"vehicle.approved","q":"Port+Harcourt"}`, auth(admin));
    expect(audit.status, audit.text).toBe(200);
    const mine = await rawRequest(api.url, 'GET', `/api/vehicles/my-listings?userId=${seller.uid}`, auth(seller));
    expect(mine.status, mine.text).toBe(200);
  });
});
