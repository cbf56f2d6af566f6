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
    await page.getByLabel('Price (₦)').fill('27500000');
    await page.getByLabel('Mileage (km)').fill('12000');
    await page.getByLabel('Range (km)').fill('420');
    await page.getByLabel('Contact Phone').fill('+234 803 555 0101');
    await page.locator('input[type=file]').setInputFiles(await photoFiles(2));
    await expect.poll(() => page.getByRole('img', { name: /^Photo \d/ }).count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.getByRole('progressbar', { name: /Form completion/ }).getAttribute('aria-label')).toBe('Form completion: 9 of 9 fields');

    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.getByRole('heading', { name: 'Listing submitted for review' }).waitFor();
    await page.getByRole('link', { name: 'View My Listings' }).click();
    const row = page.locator('.my-listing', { hasText: '2023 BYD Atto 3 Extended Range' });
    await row.getByText('Pending review').waitFor();
    const id = Number(await row.getAttribute('data-listing-id'));
    expect(id).toBeGreaterThan(0);

    // Not public until a moderator approves it.
    await page.goto('/browse?brand=BYD');
    await page.getByText('No vehicles found matching your criteria.').waitFor();

    await approve(api, await adminToken(api), id);

    await page.goto('/browse?vehicleType=car&location=Abuja&brand=BYD&minPrice=5000000&maxPrice=50000000');
    await page.getByText('1 vehicles found').waitFor();
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
    await page.getByRole('link', { name: 'Call +234 803 555 0101' }).waitFor();
    expect(errors).toEqual([]);
  });

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

    await page.getByLabel('Price (₦)').fill('39500000');
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
