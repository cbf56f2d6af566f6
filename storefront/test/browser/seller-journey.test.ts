import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newPerson, newVisitor, photoFiles, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { adminToken, approve } from './support/listings.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
});
afterAll(() => stack?.close());


describe('a new seller on a phone', () => {
  it('signs up, lists a car with two photos, sees it pending, and buyers find it on Browse once approved', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    const seller = newPerson('Ngozi');
    await signUpInBrowser(page, seller);

    await page.goto('/create-listing');
    await expect.poll(() => seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Title').fill('2023 BYD Atto 3 Extended Range');
    await page.getByLabel('Description').fill('Bought new in Abuja, full service history, 7 kW wall charger included.');
    await page.getByLabel('Location').selectOption('Abuja');
    expect(await page.getByLabel('Model').isDisabled()).toBe(true);
    await page.getByLabel('Brand').selectOption('BYD');
    await page.getByLabel('Model').selectOption('Atto 3');
    await page.getByLabel('Year').fill('2023');
    await page.getByLabel('Price (₦)').pressSequentially('27500000');
    expect(await page.getByLabel('Price (₦)').inputValue()).toBe('27,500,000');
    await page.getByText('₦27,500,000 — 27.5 million').waitFor();
    await page.getByLabel('Mileage (km)').fill('12000');
    await page.getByLabel('Range (km)').fill('420');
    await page.getByLabel('Contact Phone').pressSequentially('08035550101');
    expect(await page.getByLabel('Contact Phone').inputValue()).toBe('0803 555 0101');
    await page.locator('input[type=file]').setInputFiles(await photoFiles(2));
    await expect.poll(() => page.getByRole('img', { name: /^Photo \d/ }).count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.getByRole('progressbar', { name: /Form completion/ }).getAttribute('aria-label')).toBe('Form completion: 9 of 9 fields');

    // The button is at the foot of a long form: the seller has scrolled far down to press it.
    await page.getByRole('button', { name: 'Create Listing' }).click();
    const created = Date.now();
    await page.locator('.toast__title', { hasText: 'Your vehicle listing has been created successfully!' }).waitFor();
    await page.evaluate(() => {
      const seen: [string, number][] = [];
      (window as unknown as { scrollsSeen: typeof seen }).scrollsSeen = seen;
      const look = () => {
        // The screen as drawn (its heading), not the address: the address changes a moment before the new screen is drawn.
        seen.push([document.querySelector('main h1')?.textContent ?? '', Math.round(window.scrollY)]);
        requestAnimationFrame(look);
      };
      look();
    });
    await page.getByRole('heading', { name: 'Listing submitted for review' }).waitFor();
    // Then to the seller's own listings, where the new one is (Browse shows only approved ones).
    await page.waitForURL('**/profile?tab=listings', { timeout: 6_000 });
    expect(Date.now() - created).toBeGreaterThanOrEqual(2_900);
    const row = page.locator('.my-listing', { hasText: '2023 BYD Atto 3 Extended Range' });
    await row.getByText('Pending review').waitFor();
    await row.getByText('Waiting for a moderator to approve it.').waitFor();
    // Each screen after the form is seen from its top: never a jump to the footer on the way.
    const scrolls = await page.evaluate(() => (window as unknown as { scrollsSeen: [string, number][] }).scrollsSeen);
    const screens = scrolls.filter(([heading]) => heading !== 'List Your Electric Vehicle');
    expect(screens.some(([heading]) => heading === 'Listing submitted for review')).toBe(true);
    expect(screens.filter(([, y]) => y !== 0)).toEqual([]);
    const id = Number(await row.getAttribute('data-listing-id'));
    expect(id).toBeGreaterThan(0);

    // Not public until a moderator approves it.
    await page.goto('/browse?brand=BYD');
    await page.getByText('No vehicles found matching your criteria.').waitFor();

    await approve(api, await adminToken(api), id);

    await page.goto('/browse?vehicleType=car&location=Abuja&brand=BYD&minPrice=5000000&maxPrice=50000000');
    await page.getByText('1 vehicle found').waitFor();
    expect(await page.getByLabel('Location').inputValue()).toBe('Abuja');
    await page.getByRole('link', { name: '2023 BYD Atto 3 Extended Range' }).click();
    await page.waitForURL(`**/vehicles/${id}`);

    await page.getByText('1 / 2').waitFor();
    await page.getByRole('button', { name: 'Next photo' }).click();
    await page.getByText('2 / 2').waitFor();
    await page.getByRole('button', { name: 'View photos full screen' }).click();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer.getByText('1 / 2').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect(await page.getByText('₦27,500,000').first().isVisible()).toBe(true);
    const call = page.getByRole('link', { name: 'Call 0803 555 0101' });
    expect(await call.getAttribute('href')).toBe('tel:+2348035550101');
    expect(errors).toEqual([]);
    // Two uploads, the 3 s wait after creating, approval and the gallery: longer than the default on a busy machine.
  }, 60_000);

  it('edits a listing and is taken back to the profile, with the change live', async () => {
    const { page, errors } = await newVisitor(browser, api.url, { width: 1280, height: 900 });
    await signUpInBrowser(page, newPerson('Emeka'));
    await page.goto('/create-listing');
    await page.getByLabel('Title').fill('2021 Tesla Model 3 Long Range');
    await page.getByLabel('Description').fill('White, 19-inch wheels, Autopilot.');
    await page.getByLabel('Brand').selectOption('Tesla');
    await page.getByLabel('Model').selectOption('Model 3');
    await page.getByLabel('Year').fill('2021');
    await page.getByLabel('Price (₦)').fill('41000000');
    await page.getByLabel('Mileage (km)').fill('30000');
    await page.getByLabel('Range (km)').fill('560');
    await page.locator('input[type=file]').setInputFiles(await photoFiles(1));
    await page.getByRole('img', { name: /^Photo 1/ }).waitFor();
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.getByRole('link', { name: 'View My Listings' }).click();
    await page.getByRole('link', { name: 'Edit 2021 Tesla Model 3 Long Range' }).click();

    expect(await page.getByLabel('Price (₦)').inputValue()).toBe('41,000,000');
    // Pasted as people write it.
    await page.getByLabel('Price (₦)').fill('₦39.5m');
    await page.getByText('₦39,500,000 — 39.5 million').waitFor();
    // Changing the brand clears the model, so a Tesla model can never be saved under Kia.
    await page.getByLabel('Brand').selectOption('Kia');
    expect(await page.getByLabel('Model').inputValue()).toBe('');
    await page.getByLabel('Model').selectOption('EV6');
    await page.getByLabel('Title').fill('2021 Kia EV6 GT-Line');
    await page.getByRole('button', { name: 'Update Listing' }).click();
    await page.getByText('Listing Updated!', { exact: true }).waitFor();
    await page.waitForURL('**/profile?tab=listings', { timeout: 5_000 });
    const row = page.locator('.my-listing', { hasText: '2021 Kia EV6 GT-Line' });
    await row.getByText('₦39,500,000').waitFor();
    expect(errors).toEqual([]);
  });
});
