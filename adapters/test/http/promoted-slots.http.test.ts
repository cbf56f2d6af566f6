import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, signedInAs, signedInUser, startTestApi, type TestApi } from '../support/harness.js';

/**
 * Promoted slots over HTTP: boosts take turns in each page's slots and in the home page's featured
 * spots, the buyer's order stays as chosen, and what was shown is counted for the seller and for
 * /advertise. Every response is checked against openapi.yaml.
 */
let api: TestApi;
type Person = { uid: string; token: string };
let seller: Person;
let admin: Person;
const ids: Record<string, number> = {};

const auth = (who: Person) => ({ Authorization: `Bearer ${who.token}` });
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);
interface Card { id: number; title: string; price: number; isPromoted: boolean; isPremium: boolean; boost: { tier: number } | null }

beforeAll(async () => {
  api = await startTestApi();
  [seller, admin] = await Promise.all([signedInUser({ name: 'Chiamaka Eze-Nwosu' }), signedInAs(api.staffEmails.admin)]);
  const listings: [string, number, number][] = [
    ['2019 Nissan Leaf SV, Port Harcourt', 6_100_000, 0],
    ['2021 Hyundai Kona Electric Limited', 24_500_000, 1],
    ['2022 Kia EV6 GT-Line AWD', 47_700_000, 2],
    ['2023 Tesla Model Y Long Range', 80_400_000, 3],
    ['2020 BYD Tang EV600', 21_200_000, 3],
    ['2024 Mercedes-Benz EQS 580 4MATIC Sedan', 150_000_000, 3],
    ['2018 Renault Zoe ZE40 Intens', 610_000, 0],
  ];
  for (const [title, price] of listings) ids[title] = await liveListing(api.url, seller.token, admin.token, { title, price, location: 'Port Harcourt' });
  for (const [title, , tier] of listings) {
    if (tier > 0) await sql(`update listings set boost_tier = ?, boosted_until = now() + interval '10 days' where id = ?`, [tier, ids[title]]);
  }
  // Written behind the API's back: what it keeps of searches is a few seconds old at most, so start from a fresh one.
  await request(api.url).post(`/api/admin/vehicles/${ids['2018 Renault Zoe ZE40 Intens']}/approve`).set(auth(admin));
});

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

const search = async (query: Record<string, string | number>) => (await request(api.url).get('/api/vehicles').query(query).expect(200)).body as Card[];

describe('a page of search results', () => {
  it('keeps "Price Lowest to Highest" exactly that, and shows two promoted boosts above it, labelled and never repeated below', async () => {
    for (let view = 0; view < 10; view++) {
      const page = await search({ location: 'Port Harcourt', sort: 'price_asc' });
      const slots = page.filter((v) => v.isPromoted);
      const below = page.filter((v) => !v.isPromoted);
      expect(slots).toHaveLength(2);
      expect(page.slice(0, 2)).toEqual(slots);
      expect(slots.every((v) => v.boost !== null)).toBe(true);
      // The cheapest car first, whatever the boosts; the ones in a slot are not shown twice.
      const cheapestFirst = ['2018 Renault Zoe ZE40 Intens', '2019 Nissan Leaf SV, Port Harcourt', '2020 BYD Tang EV600', '2021 Hyundai Kona Electric Limited',
        '2022 Kia EV6 GT-Line AWD', '2023 Tesla Model Y Long Range', '2024 Mercedes-Benz EQS 580 4MATIC Sedan'];
      expect(below.map((v) => v.title)).toEqual(cheapestFirst.filter((t) => !slots.some((s) => s.title === t)));
    }
  });

  it('gives a new Ultimate Exposure its turns at once, as many as older ones, and Basic and Premium their shares', async () => {
    const shown = new Map<string, number>();
    // 3 Ultimate × 9 + Premium 4 + Basic 1 = 32 shares; 32 pages of 2 slots is two full rounds.
    for (let view = 0; view < 32; view++) {
      for (const v of (await search({ location: 'Port Harcourt', sort: 'newest' })).filter((c) => c.isPromoted)) shown.set(v.title, (shown.get(v.title) ?? 0) + 1);
    }
    expect(Object.fromEntries(shown)).toEqual({
      '2023 Tesla Model Y Long Range': 18, '2020 BYD Tang EV600': 18, '2024 Mercedes-Benz EQS 580 4MATIC Sedan': 18,
      '2022 Kia EV6 GT-Line AWD': 8, '2021 Hyundai Kona Electric Limited': 2,
    });
  });

  it('labels a Basic Boost Featured and the two higher tiers Premium, in search and on the listing\'s page', async () => {
    const page = await search({ location: 'Port Harcourt', limit: 24, sort: 'price_desc' });
    const byTitle = (t: string) => page.find((v) => v.title === t && !v.isPromoted) ?? page.find((v) => v.title === t)!;
    expect(byTitle('2021 Hyundai Kona Electric Limited')).toMatchObject({ isPremium: false, boost: { tier: 1 } });
    expect(byTitle('2022 Kia EV6 GT-Line AWD')).toMatchObject({ isPremium: true, boost: { tier: 2 } });
    const kona = await request(api.url).get(`/api/vehicles/${ids['2021 Hyundai Kona Electric Limited']}`).expect(200);
    expect(kona.body).toMatchObject({ isPremium: false, boost: { tier: 1, packageName: 'Basic Boost' } });
  });
});

describe('the home page\'s featured spots', () => {
  it('go to Ultimate Exposure boosts in turn, the rest to the newest listings, none twice', async () => {
    const ultimate = ['2023 Tesla Model Y Long Range', '2020 BYD Tang EV600', '2024 Mercedes-Benz EQS 580 4MATIC Sedan'];
    const six = (await request(api.url).get('/api/vehicles/featured').expect(200)).body as Card[];
    expect(six).toHaveLength(6);
    expect(six.slice(0, 3).map((v) => v.title).sort()).toEqual([...ultimate].sort());
    expect(six.slice(0, 3).every((v) => v.isPromoted)).toBe(true);
    expect(six.slice(3).every((v) => !v.isPromoted)).toBe(true);
    expect(new Set(six.map((v) => v.id)).size).toBe(6);
    // Two spots at a time: each Ultimate boost comes round once in three asks, whatever its age.
    const turns = new Map<string, number>();
    for (let ask = 0; ask < 9; ask++) {
      const two = (await request(api.url).get('/api/vehicles/featured').query({ limit: 2 }).expect(200)).body as Card[];
      expect(two.map((v) => v.isPromoted)).toEqual([true, true]);
      for (const v of two) turns.set(v.title, (turns.get(v.title) ?? 0) + 1);
    }
    expect(Object.fromEntries(turns)).toEqual(Object.fromEntries(ultimate.map((t) => [t, 6])));
    await request(api.url).get('/api/vehicles/featured').query({ limit: 13 }).expect(400);
  });
});

describe('impressions', () => {
  it('reach the seller\'s listings, counted in promoted spots and at the listing\'s place', async () => {
    // Counted in memory and written every few seconds: what earlier tests counted is written first,
    // then what this search counts, so the two readings differ by this search alone.
    await api.flushCounters();
    const before = await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200);
    const tesla = ids['2023 Tesla Model Y Long Range']!;
    // Five boosts take turns in two slots: over six pages the Tesla is out of them at least once,
    // and then counted at its own place.
    for (let page = 0; page < 6; page++) await search({ location: 'Port Harcourt' });
    await api.flushCounters();
    const mine: { id: number; impressions: { promoted: number; organic: number } }[] = (await request(api.url).get('/api/vehicles/my-listings').set(auth(seller)).expect(200)).body;
    const was = (before.body as typeof mine).find((m) => m.id === tesla)!.impressions;
    const now = mine.find((m) => m.id === tesla)!.impressions;
    expect(now.organic).toBeGreaterThan(was.organic);
    // Over the earlier tests' pages, the Tesla (Ultimate Exposure) was in many promoted slots.
    expect(now.promoted).toBeGreaterThan(10);
    const zoe = mine.find((m) => m.id === ids['2018 Renault Zoe ZE40 Intens'])!.impressions;
    expect(zoe.promoted).toBe(0);
    expect(zoe.organic).toBeGreaterThan(0);
  });

  it('tell /advertise what each tier was measured to give, once there are enough', async () => {
    // A week of impressions: Ultimate listings 3,000 at their places and 27,000 in promoted spots (10x); Basic 500 and 700 (2.4x); Premium too few.
    await sql(`delete from listing_impressions`);
    await sql(`insert into listing_impressions (listing_id, day, tier, promoted, organic) values
      (?, current_date - 1, 3, 27000, 3000), (?, current_date, 1, 700, 500), (?, current_date, 2, 900, 150), (?, current_date - 30, 2, 90000, 1000)`,
    [ids['2023 Tesla Model Y Long Range'], ids['2021 Hyundai Kona Electric Limited'], ids['2022 Kia EV6 GT-Line AWD'], ids['2022 Kia EV6 GT-Line AWD']]);
    const offers = (await request(api.url).get('/api/advertising/packages').expect(200)).body as { type: string; visibility: { promised: number; measured: number | null; days: number } }[];
    expect(offers.map((o) => [o.type, o.visibility])).toEqual([
      ['basic', { promised: 2, measured: 2.4, days: 7 }],
      ['premium', { promised: 5, measured: null, days: 7 }],
      ['ultimate', { promised: 10, measured: 10, days: 7 }],
    ]);
  });
});
