import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, PHONE, startBrowserStack } from './support/browser.js';
import { publishListings } from './support/listings.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let ids: number[];
beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  ids = await publishListings(api, [
    { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000, year: 2022, vehicleType: 'car', description: 'Heat pump and V2L. Serviced at Lekki.' },
    { title: '2021 Nissan Leaf e+', brand: 'Nissan', model: 'Leaf', location: 'Abuja', price: 14_000_000, year: 2021, vehicleType: 'car' },
  ]);
});
afterAll(() => stack?.close());

/** A phone with the service worker allowed, as a buyer's is. */
async function phoneWithWorker(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: api.url, viewport: PHONE, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const kept = (page: Page, cacheName: string) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), cacheName);

describe('pages a buyer looked at, without signal', () => {
  it('opens a vehicle page seen earlier, and the last search, with no network, saying it is a saved copy', async () => {
    const { context, page, errors } = await phoneWithWorker();
    // The first visit: the worker starts, and keeps the page it did not see load.
    await page.goto(`/vehicles/${ids[0]}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => kept(page, 'vehicle-pages'), { timeout: 15_000 }).toContain(`/vehicles/${ids[0]}`);
    // Then what the buyer opens is kept as it loads.
    await page.goto('/browse?location=Abuja');
    await page.getByText('1 vehicle found').waitFor();
    await page.goto(`/vehicles/${ids[1]}`);
    await expect.poll(() => kept(page, 'vehicle-pages')).toContain(`/vehicles/${ids[1]}`);
    await expect.poll(() => kept(page, 'pages')).toContain('/browse');

    await context.setOffline(true);
    await page.goto(`/vehicles/${ids[0]}`);
    await page.getByRole('heading', { level: 1, name: '2022 Hyundai IONIQ 5 Long Range' }).waitFor();
    expect(await page.locator('.vehicle-page__price').innerText()).toBe('₦38,500,000');
    await expect.poll(() => page.locator('.offline-note').allInnerTexts()).toEqual([expect.stringMatching(/^Offline — saved copy from \d\d:\d\d$/)]);
    // Its photo too, from the worker's copy.
    await expect.poll(() => page.locator('.gallery__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.goto('/browse?location=Abuja');
    await page.getByRole('link', { name: '2021 Nissan Leaf e+' }).waitFor();
    // A page never opened is not there: the browser's own offline page, not a wrong one.
    const never = await page.goto('/browse?location=Kano').then(() => 'opened', () => 'failed');
    expect(never).toBe('failed');

    await context.setOffline(false);
    await page.goto(`/vehicles/${ids[0]}`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /saved copy/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is installable: a manifest with icons and the worker registered by the app, under the same policy', async () => {
    const { context, page, errors } = await phoneWithWorker();
    await page.goto('/');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; start_url: string; display: string; icons: { sizes: string }[] };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toMatch(/\/sw\.js$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
