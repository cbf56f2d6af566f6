import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newPerson, newVisitor, openMenuIfCollapsed, PHONE, signUpInBrowser, startBrowserStack } from './support/browser.js';
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
    { title: '2023 Rivian R1T Adventure', brand: 'Rivian', model: 'R1T', location: 'Lagos', price: 95_000_000, year: 2023, vehicleType: 'truck' },
  ]);
});
afterAll(() => stack?.close());

describe('pages that read without scripts', () => {
  it('lets a browser with JavaScript off browse, filter with the plain form and open a car', async () => {
    const context = await browser.newContext({ baseURL: api.url, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: '2023 Rivian R1T Adventure' }).waitFor();
    // The hero's search is a form to /browse.
    await page.getByLabel('Vehicle Type').selectOption('truck');
    await page.getByRole('button', { name: 'Search EVs' }).click();
    await page.waitForURL(/\/browse\?vehicleType=truck/);
    await page.getByText('1 vehicle found').waitFor();

    await page.goto('/browse');
    await page.getByText('3 vehicles found').waitFor();
    expect(await page.locator('.vehicle-card__price').allInnerTexts()).toEqual(expect.arrayContaining(['₦38,500,000', '₦14,000,000', '₦95,000,000']));
    // On a phone the filters show open (nothing can fold them) with a Search button.
    await page.getByLabel('Location').selectOption('Lagos');
    await page.getByLabel('Max price (₦)').fill('50,000,000');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/location=Lagos/);
    await page.getByText('1 vehicle found').waitFor();
    await page.getByRole('link', { name: '2022 Hyundai IONIQ 5 Long Range' }).click();
    await page.waitForURL(`**/vehicles/${ids[0]}`);
    await page.getByRole('heading', { level: 1, name: '2022 Hyundai IONIQ 5 Long Range' }).waitFor();
    expect(await page.locator('.vehicle-page__price').innerText()).toBe('₦38,500,000');
    await page.getByText('Heat pump and V2L. Serviced at Lekki.').waitFor();
    await context.close();
  });
});

describe('pages drawn by the server, then the app', () => {
  it('hydrates every public page without a mismatch and asks the API for nothing the page brought', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    const asked: string[] = [];
    page.on('request', (r: Request) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(new URL(r.url()).pathname);
    });
    for (const path of ['/', '/browse', '/browse?vehicleType=car&sort=price_asc', `/vehicles/${ids[0]}`, '/rent', '/advertise', '/about', '/help']) {
      asked.length = 0;
      await page.goto(path);
      await page.waitForTimeout(300);
      expect(asked.filter((p) => /^\/api\/(vehicles|catalogue|stats|advertising|rentals)/.test(p)), path).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('brings a signed-in member back without a "Sign In" flash or a mismatch, with their own view of the listing', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    await signUpInBrowser(page, newPerson('Ifeoma'));
    await openMenuIfCollapsed(page);
    await page.getByRole('link', { name: 'Profile' }).waitFor();
    const signInShown: boolean[] = [];
    await page.exposeFunction('reportSignIn', (shown: boolean) => signInShown.push(shown));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll('nav a')].some((a) => a.textContent === 'Sign In');
        if (shown) (window as unknown as { reportSignIn: (v: boolean) => void }).reportSignIn(true);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/vehicles/${ids[1]}`);
    expect(await page.locator('.vehicle-page__price').innerText()).toBe('₦14,000,000');
    await openMenuIfCollapsed(page);
    await page.getByRole('link', { name: 'Profile' }).waitFor();
    expect(signInShown).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('spares the data bundle: with Save-Data, small photos only and no photo strips until the buyer asks; off again from the menu', async () => {
    const { context, page, errors } = await newVisitor(browser, api.url);
    await context.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    await page.goto('/browse');
    const images = page.locator('.vehicle-card__image');
    await expect.poll(() => images.count()).toBe(3);
    const shown = async () => images.evaluateAll((imgs) => imgs.map((i) => ({ src: i.getAttribute('src') ?? '', srcset: i.getAttribute('srcset') })));
    for (const image of await shown()) expect(image).toMatchObject({ src: expect.stringMatching(/-small\.webp$/), srcset: null });
    // Drawn, at 320 px.
    await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await page.locator('.vehicle-card__strip').count()).toBe(0);
    // The vehicle's photo: the small one until "Load full-size photos".
    await page.goto(`/vehicles/${ids[0]}`);
    const photo = page.locator('.gallery__image');
    expect(await photo.getAttribute('src')).toMatch(/-small\.webp$/);
    await page.getByRole('button', { name: 'Load full-size photos' }).click();
    await expect.poll(() => photo.getAttribute('srcset')).toMatch(/1600w/);
    // Turned off in the menu: the choice outlives the browser's header.
    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Data saver: On' }).first().click();
    await page.goto('/browse');
    await expect.poll(async () => (await shown()).every((i) => i.srcset?.includes('1600w'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
