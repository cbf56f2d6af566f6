import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_MAX_LISTINGS, SITEMAP_PART_IDS } from '@voltmarket/application';
import { loadBenchListings } from '../../bench/bench-data.js';
import { closeAdminApp, startTestApi, type TestApi } from '../support/harness.js';

/** More live listings than one sitemap file may list (50,000): the benchmark's data, 5% of it pending. */
const LISTINGS = 54_000;

let api: TestApi;
let db: pg.Client;

beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://voltmarket.ng' });
  db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  await loadBenchListings(db, LISTINGS);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await api?.close();
  await closeAdminApp();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const listingIds = (xml: string) => locs(xml).map((loc) => Number(/^https:\/\/voltmarket\.ng\/vehicles\/(\d+)$/.exec(loc)?.[1]));

describe('the sitemap of a market with more live listings than one file holds', () => {
  it('is an index of files that together list every live listing once, and nothing else', async () => {
    const live = (await db.query<{ id: number }>(`select id from listings where status = 'active' order by id`)).rows.map((r) => r.id);
    expect(live.length).toBeGreaterThan(SITEMAP_MAX_LISTINGS);
    const index = await request(api.url).get('/sitemap.xml').expect(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.headers['cache-control']).toBe('public, max-age=600');
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.text);
    expect(files[0]).toBe('https://voltmarket.ng/sitemaps/pages.xml');
    const parts = [...new Set(live.map((id) => Math.floor((id - 1) / SITEMAP_PART_IDS) + 1))];
    expect(files.slice(1)).toEqual(parts.map((p) => `https://voltmarket.ng/sitemaps/listings-${p}.xml`));
    expect([...index.text.matchAll(/<lastmod>[^<]+<\/lastmod>/g)]).toHaveLength(parts.length);

    const listed: number[] = [];
    for (const file of files.slice(1)) {
      const res = await request(api.url).get(new URL(file).pathname).expect(200);
      expect(res.headers['content-type']).toMatch(/application\/xml/);
      expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const ids = listingIds(res.text);
      expect(ids.length).toBeLessThanOrEqual(SITEMAP_PART_IDS);
      expect([...res.text.matchAll(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)]).toHaveLength(ids.length);
      listed.push(...ids);
    }
    expect(listed).toEqual(live);

    const pages = await request(api.url).get('/sitemaps/pages.xml').expect(200);
    expect(locs(pages.text)).toEqual(['/', '/browse', '/about', '/rent', '/advertise', '/help', '/safety', '/buyer-protection', '/terms', '/privacy'].map((p) => `https://voltmarket.ng${p}`));
  });

  it('answers a file the index does not list with the storefront\'s 404', async () => {
    const last = (await db.query<{ id: number }>(`select max(id) as id from listings`)).rows[0]!.id;
    const beyond = Math.floor((last - 1) / SITEMAP_PART_IDS) + 2;
    for (const path of [`/sitemaps/listings-${beyond}.xml`, '/sitemaps/listings-0.xml', '/sitemaps/listings-01.xml', '/sitemaps/listings-x.xml',
      '/sitemaps/listings-99999999999.xml', '/sitemaps/listings-1', '/sitemaps/']) {
      const res = await request(api.url).get(path).expect(404);
      expect(res.text, path).toContain('<title>Page Not Found | Voltmarket</title>');
    }
  });
});
