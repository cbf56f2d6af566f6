import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, rawRequest, signedInAs, signedInUser, startTestApi, type TestApi, uploadedPhoto, validListing } from '../support/harness.js';

/**
 * The storefront's HTML as the server sends it, before any script runs: what WhatsApp's link
 * preview and search engines read. (The storefront is built by the integration project's setup.)
 */
let api: TestApi;
let seller: { uid: string; token: string };
let admin: { token: string };
let liveId: number;
let pendingId: number;
const TITLE = '2021 Mercedes-Benz EQS SUV "Edition 1" <AMG> & more';

beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://voltmarket.ng' });
  seller = await signedInUser({ name: 'Amaka Nwosu' });
  admin = await signedInAs(api.staffEmails.admin);
  liveId = await liveListing(api.url, seller.token, admin.token, {
    title: TITLE, brand: 'Mercedes-Benz', model: 'EQS SUV', year: 2021, price: 109_000_000, location: 'Port Harcourt',
    description: 'Pilot assist, massage seats. </script><script>alert(1)</script>',
  });
  const photo = await uploadedPhoto(api.url, seller.token);
  pendingId = (await request(api.url).post('/api/vehicles').set('Authorization', `Bearer ${seller.token}`).send(validListing({ imageUrls: [photo], location: 'Kano' })).expect(201)).body.id;
}, 120_000);

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head(html))?.[1];

describe('pages and their status', () => {
  it('answers an unknown storefront path with the app and HTTP 404, kept out of search engines', async () => {
    for (const path of ['/nowhere', '/vehicles', '/vehicles/abc', '/browse/extra', '/Browse', '/rent-a-car']) {
      const res = await request(api.url).get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.text).toContain('<title>Page Not Found | Voltmarket</title>');
      expect(meta(res.text, 'robots')).toBe('noindex');
    }
  });

  it('answers a listing that is missing or not live with 404', async () => {
    for (const id of [999_999, pendingId, 2_147_483_648]) {
      const res = await request(api.url).get(`/vehicles/${id}`).expect(404);
      expect(res.text).toContain('<title>Vehicle Not Found | Voltmarket</title>');
    }
  });

  it('serves every page of the storefront router with 200', async () => {
    const router = readFileSync('storefront/src/app/routes.tsx', 'utf8');
    const paths = [...router.matchAll(/path: '([^']+)'/g)].map((m) => `/${m[1]}`).filter((p) => p !== '/*');
    expect(router).toMatch(/index: true/);
    expect(paths.length).toBeGreaterThan(6);
    for (const path of ['/', ...paths]) {
      // A seller's page is by their id; every other page with an id is a listing's.
      const id = path.startsWith('/sellers/') ? seller.uid : String(liveId);
      const res = await request(api.url).get(path.replace(':id', () => id)).redirects(1);
      expect(res.status, path).toBe(200);
    }
  });

  it('sends /vehicle/:id on to /vehicles/:id for good', async () => {
    const res = await request(api.url).get(`/vehicle/${liveId}?ref=whatsapp`).expect(301);
    expect(res.headers.location).toBe(`/vehicles/${liveId}?ref=whatsapp`);
  });

  it('keeps private pages out of search engines', async () => {
    for (const path of ['/auth', '/profile', '/create-listing', `/edit-listing/${liveId}`]) {
      expect(meta((await request(api.url).get(path).expect(200)).text, 'robots'), path).toBe('noindex');
    }
    expect(meta((await request(api.url).get('/browse').expect(200)).text, 'robots')).toBeUndefined();
  });
});

describe('shared links', () => {
  it('gives a listing page its own title, description and preview tags with price, city and photo', async () => {
    const res = await request(api.url).get(`/vehicles/${liveId}`).expect(200);
    const html = res.text;
    const title = `${TITLE} — ₦109,000,000 in Port Harcourt | Voltmarket`;
    const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    expect(head(html)).toContain(`<title>${escaped}</title>`);
    expect(meta(html, 'og:title')).toBe(escaped);
    expect(meta(html, 'description')).toMatch(/^2021 Mercedes-Benz EQS SUV for sale in Port Harcourt: ₦109,000,000, 21,000 km, 480 km range\. Pilot assist/);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`https://voltmarket.ng/vehicles/${liveId}`);
    expect(meta(html, 'product:price:amount')).toBe('109000000');
    expect(meta(html, 'product:price:currency')).toBe('NGN');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(head(html)).toContain(`<link rel="canonical" href="https://voltmarket.ng/vehicles/${liveId}" />`);
    // Seller text never escapes its attribute or the structured data's script element.
    expect(head(html)).not.toContain('<AMG>');
    expect(head(html).match(/<\/script>/g)?.length).toBe(head(html).match(/<script/g)?.length);
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({ '@type': 'Vehicle', name: TITLE, offers: { price: 109_000_000, priceCurrency: 'NGN', areaServed: 'Port Harcourt' } });
  });

  it('writes a seller\'s text as text, whatever replacement patterns it holds ($&, $`, $\', $$, $1, $<name>), in every field that reaches the page', async () => {
    const template = (await request(api.url).get('/about').expect(200)).text;
    for (const pattern of ['$&', '$`', "$'", '$$', '$1', '$<name>', "$'$`$&"]) {
      const title = `2022 Tesla Model 3 ${pattern} Long Range ${pattern}`;
      const description = `Price ${pattern} firm, ${pattern}. One owner.`;
      const id = await liveListing(api.url, seller.token, admin.token, { title, description, model: 'Model 3', brand: 'Tesla', location: 'Lagos', price: 24_500_000 });
      const html = (await request(api.url).get(`/vehicles/${id}`).expect(200)).text;
      const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
      // One page, the template's size give or take the tags: nothing of it copied into itself.
      expect(html.match(/<!doctype html>/gi), pattern).toHaveLength(1);
      expect(html.match(/<\/head>/g), pattern).toHaveLength(1);
      expect(Math.abs(head(html).length - head(template).length), pattern).toBeLessThan(4_000);
      // The first view in the body: one root, one data block, the title as text in its heading.
      expect(html.match(/<div id="root">/g), pattern).toHaveLength(1);
      expect(html.match(/id="vm-state"/g), pattern).toHaveLength(1);
      expect(html.match(/<\/html>/g), pattern).toHaveLength(1);
      expect(html, pattern).toContain(`<h1>${escape(title).replace(/&#39;/g, '&#x27;')}</h1>`);
      expect(head(html), pattern).toContain(`<title>${escape(`${title} — ₦24,500,000 in Lagos | Voltmarket`)}</title>`);
      expect(meta(html, 'og:title'), pattern).toBe(escape(`${title} — ₦24,500,000 in Lagos | Voltmarket`));
      expect(meta(html, 'description'), pattern).toContain(escape(`Price ${pattern} firm, ${pattern}.`));
      const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
      expect(data.name, pattern).toBe(title);
    }
  });

  it('points link previews at a 1200×630 JPEG of the cover photo (WhatsApp shows no WebP)', async () => {
    const html = (await request(api.url).get(`/vehicles/${liveId}`).expect(200)).text;
    const image = meta(html, 'og:image')!;
    expect(image).toMatch(/^https:\/\/voltmarket\.ng\/uploads\/.+-share\.jpg$/);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    const card = await request(api.url).get(image.replace('https://voltmarket.ng', '')).expect(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(card.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('names a browse page after the brand, type and city searched, echoing only catalogue values', async () => {
    const titleOf = async (query: string) => /<title>([^<]*)<\/title>/.exec((await request(api.url).get(`/browse?${query}`).expect(200)).text)?.[1];
    expect(await titleOf('brand=Electric+Bikes+NG&location=Benin+City')).toBe('Electric Bikes NG electric vehicles in Benin City | Voltmarket');
    expect(await titleOf('vehicleType=truck&location=Port%20Harcourt')).toBe('Electric trucks in Port Harcourt | Voltmarket');
    expect(await titleOf('brand=%3Cscript%3E&location=Atlantis')).toBe('Buy Electric Vehicles | Voltmarket');
  });

  it('serves a real robots.txt and a sitemap of the live listings only', async () => {
    const robots = await request(api.url).get('/robots.txt').expect(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).toContain('Sitemap: https://voltmarket.ng/sitemap.xml');
    const sitemap = await request(api.url).get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.text).toContain(`<loc>https://voltmarket.ng/vehicles/${liveId}</loc>`);
    expect(sitemap.text).not.toContain(`/vehicles/${pendingId}<`);
    expect(sitemap.text).toContain('<loc>https://voltmarket.ng/browse</loc>');
  });

  it('answers another method on robots.txt and the sitemaps with 405 and Allow, and OPTIONS with 204', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/listings-3.xml']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'TRACE'] as const) {
        const res = await rawRequest(api.url, method, path);
        expect([res.status, res.headers.allow, JSON.parse(res.text).error.code], `${method} ${path}`).toEqual([405, 'GET, HEAD', 'METHOD_NOT_ALLOWED']);
      }
      const options = await rawRequest(api.url, 'OPTIONS', path);
      expect([options.status, options.headers.allow], path).toEqual([204, 'GET, HEAD']);
    }
    expect((await rawRequest(api.url, 'POST', '/sitemaps/listings-0.xml')).status).toBe(404);
  });
});
