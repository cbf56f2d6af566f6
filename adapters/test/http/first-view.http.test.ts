import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, liveListing, rawRequest, signedInAs, signedInUser, startTestApi, type TestApi, uploadedPhoto } from '../support/harness.js';

/**
 * The server-rendered first view of the storefront's public pages (storefront/src/entry-server.tsx,
 * built by the integration project's setup): content and prices in the HTML before any script runs,
 * the data the browser hydrates with beside it, the same page for everyone until they sign in.
 */
let api: TestApi;
let seller: { uid: string; token: string };
let admin: { token: string };
let liveId: number;
const TITLE = `2022 Hyundai IONIQ 5 "Long Range" </script><script>alert(1)</script> $' $& $\``;

beforeAll(async () => {
  api = await startTestApi();
  seller = await signedInUser({ name: 'Chukwuemeka Okonkwo-Adeyemi' });
  admin = await signedInAs(api.staffEmails.admin);
  const photo = await uploadedPhoto(api.url, seller.token);
  liveId = await liveListing(api.url, seller.token, admin.token, {
    title: TITLE, brand: 'Hyundai', model: 'IONIQ 5', year: 2022, price: 38_450_000, location: 'Port Harcourt', imageUrls: [photo],
    description: 'Heat pump, V2L adaptor. <img src=x onerror=alert(2)> Serviced in Trans-Amadi.',
  });
}, 120_000);

afterAll(async () => {
  await api.close();
  await closeAdminApp();
});

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="vm-state">'));
const stateOf = (html: string) => JSON.parse(/<script type="application\/json" id="vm-state">([^<]*)<\/script>/.exec(html)![1]!) as {
  member: boolean;
  queries: { queries: { queryKey: unknown[]; state: { status: string } }[] };
};
const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);

describe('first views of the public pages', () => {
  it('puts the listings and their prices into /browse before any script, with the data to hydrate them', async () => {
    const res = await request(api.url).get('/browse?location=Port%20Harcourt').expect(200);
    const root = rootOf(res.text);
    expect(root).toContain('₦38,450,000');
    expect(root).toContain('Chukwuemeka Okonkwo-Adeyemi');
    expect(root).toContain('1 vehicle found');
    expect(root).toContain(`href="/vehicles/${liveId}"`);
    // The filters are a form a browser without scripts can send.
    const form = /<form id="browse-filter-form"[^>]*>/.exec(root)?.[0];
    expect(form).toMatch(/method="get"/);
    expect(form).toMatch(/action="\/browse"/);
    expect(root).toMatch(/<select[^>]*name="location"/);
    const state = stateOf(res.text);
    expect(state.member).toBe(false);
    const search = state.queries.queries.find((q) => q.queryKey[1] === 'search');
    expect(search?.queryKey[2]).toMatchObject({ location: 'Port Harcourt', sort: 'default' });
    expect(search?.state.status).toBe('success');
    // The only scripts: the app's module (deferred by nature) and the JSON data block, which runs nothing.
    for (const tag of scriptsOf(res.text)) expect(tag).toMatch(/type="module"|type="application\/(ld\+)?json"/);
    expect(res.headers['vary']).toMatch(/Cookie/);
  });

  it('writes a listing\'s page with everything a buyer reads, its text escaped, its data unable to end the script', async () => {
    const res = await request(api.url).get(`/vehicles/${liveId}`).expect(200);
    const root = rootOf(res.text);
    expect(root).toContain('₦38,450,000');
    expect(root).toContain('Heat pump, V2L adaptor. &lt;img src=x onerror=alert(2)&gt; Serviced in Trans-Amadi.');
    expect(root).toContain('2022 Hyundai IONIQ 5 &quot;Long Range&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&#x27; $&amp; $`');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain('<img src=x');
    // Replacement patterns in the title are text, not patterns: one page, one root, one data block.
    expect(res.text.match(/<div id="root">/g)).toHaveLength(1);
    expect(res.text.match(/id="vm-state"/g)).toHaveLength(1);
    expect(res.text.match(/<\/html>/g)).toHaveLength(1);
    const state = stateOf(res.text);
    expect(state.queries.queries[0]?.queryKey).toEqual(['vehicles', 'detail', liveId, 'visitor']);
  });

  it('renders home, rent, advertise, a seller, the information pages and the 404 page with content', async () => {
    const pages: [string, number, string][] = [
      ['/', 200, 'Featured Electric Vehicles'],
      ['/rent', 200, '<h1>Rent an Electric Vehicle</h1>'],
      ['/advertise', 200, 'Premium Spotlight'],
      [`/sellers/${seller.uid}`, 200, '<h1 id="seller-name" class="h2">Chukwuemeka Okonkwo-Adeyemi</h1>'],
      ['/about', 200, '<h1>About Voltmarket</h1>'],
      ['/safety', 200, '<h1>Safety Tips</h1>'],
      ['/help', 200, '<h1>Help Center</h1>'],
      ['/nowhere-at-all', 404, '404 Page Not Found'],
    ];
    for (const [path, status, text] of pages) {
      const res = await request(api.url).get(path).expect(status);
      expect(rootOf(res.text), path).toContain(text);
    }
    expect(rootOf((await request(api.url).get('/')).text)).toContain('₦38,450,000');
  });

  it('leaves the signed-in person\'s own pages, and a listing that is not there, to the browser', async () => {
    for (const path of ['/profile', '/create-listing', '/auth', '/contact']) {
      const res = await request(api.url).get(path).expect(200);
      expect(res.text, path).toContain('<div id="root"></div>');
      expect(res.text, path).not.toContain('vm-state');
    }
    const gone = await request(api.url).get('/vehicles/999999').expect(404);
    expect(gone.text).toContain('<div id="root"></div>');
  });

  it('reads an address that starts with "//" as a path of this site, never as another host\'s page', async () => {
    const res = await rawRequest(api.url, 'GET', '//evil.example/browse?location=Port%20Harcourt');
    expect(res.status).toBe(404);
    expect(rootOf(res.text)).toContain('404 Page Not Found');
    expect(rootOf(res.text)).not.toContain('vehicle found');
  });

  it('keeps a place in the nav for a member being signed back in, instead of "Sign In"', async () => {
    const visitor = rootOf((await request(api.url).get('/about')).text);
    const member = await request(api.url).get('/about').set('Cookie', 'vm_member=1');
    expect(visitor).toContain('>Sign In<');
    expect(rootOf(member.text)).not.toContain('>Sign In<');
    expect(rootOf(member.text)).toContain('nav__placeholder');
    expect(stateOf(member.text).member).toBe(true);
  });
});

describe('views counted for first views', () => {
  const viewsOf = async (id: number) => {
    await api.flushCounters();
    return (await request(api.url).get(`/api/vehicles/${id}`).set('Authorization', `Bearer ${seller.token}`).expect(200)).body.views as number;
  };

  it('counts a visitor\'s page once by their address, and not the page drawn for a member, whose own request counts', async () => {
    const other = await liveListing(api.url, seller.token, admin.token, { title: '2021 Nissan Leaf e+ for views', price: 9_800_000 });
    expect(await viewsOf(other)).toBe(0);
    // Behind the proxy (loopback is trusted in tests), each buyer by their own address, once a day.
    await request(api.url).get(`/vehicles/${other}`).set('X-Forwarded-For', '203.0.113.7').expect(200);
    await request(api.url).get(`/vehicles/${other}`).set('X-Forwarded-For', '203.0.113.7').expect(200);
    expect(await viewsOf(other)).toBe(1);
    await request(api.url).get(`/vehicles/${other}`).set('X-Forwarded-For', '203.0.113.8').expect(200);
    expect(await viewsOf(other)).toBe(2);
    // A member's first view is not counted: their browser asks again with their token at once.
    await request(api.url).get(`/vehicles/${other}`).set('X-Forwarded-For', '203.0.113.9').set('Cookie', 'vm_member=1').expect(200);
    expect(await viewsOf(other)).toBe(2);
    const buyer = await signedInUser({ name: 'Ngozi Eze' });
    await request(api.url).get(`/api/vehicles/${other}`).set('Authorization', `Bearer ${buyer.token}`).expect(200);
    expect(await viewsOf(other)).toBe(3);
  });

  it('gives an outsider nothing by the renderer\'s headers: their view still counts, by their own address', async () => {
    const other = await liveListing(api.url, seller.token, admin.token, { title: '2023 BYD Atto 3 for headers', price: 27_000_000 });
    await request(api.url).get(`/api/vehicles/${other}`)
      .set('x-first-view-key', 'guess').set('x-first-view-for', '198.51.100.1').set('x-first-view-member', '1').expect(200);
    expect(await viewsOf(other)).toBe(1);
    // The same caller without the headers is the same visitor: the claimed address made no new one.
    await request(api.url).get(`/api/vehicles/${other}`).expect(200);
    expect(await viewsOf(other)).toBe(1);
  });
});
