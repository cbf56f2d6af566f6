import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newPerson, newVisitor, openMenuIfCollapsed, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { publishListings } from './support/listings.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let ids: number[];
beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  ids = await publishListings(api, [
    { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000, year: 2022, vehicleType: 'car' },
    { title: '2021 Nissan Leaf e+', brand: 'Nissan', model: 'Leaf', location: 'Abuja', price: 14_000_000, year: 2021, vehicleType: 'car' },
    { title: '2023 Rivian R1T Adventure', brand: 'Rivian', model: 'R1T', location: 'Lagos', price: 95_000_000, year: 2023, vehicleType: 'truck' },
  ]);
});
afterAll(() => stack?.close());


describe('a visitor who has not signed in', () => {
  it('sees the featured vehicles on the home page and searches from the hero', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Featured Electric Vehicles' }).waitFor();
    await page.getByRole('link', { name: '2023 Rivian R1T Adventure' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Vehicle Type').selectOption('truck');
    await page.getByRole('button', { name: 'Search EVs' }).click();
    await page.waitForURL('**/browse?vehicleType=truck');
    await page.getByText('1 vehicle found').waitFor();
    expect(errors).toEqual([]);
  });

  it('sees the marketplace in live figures on the home page: listings, sellers and cities, no sales', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Voltmarket in numbers' });
    await expect.poll(() => strip.getAttribute('aria-busy')).toBe('false');
    // Three live listings from one seller in Lagos and Abuja.
    const figures = (await strip.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(figures).toEqual(['3 Vehicles', '1 Seller', '2 Cities']);
    expect(await strip.innerText()).not.toMatch(/sale/i);
    expect(errors).toEqual([]);
  });

  it('filters and sorts on Browse, and the filters survive a reload and can be cleared', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    await page.goto('/browse');
    await page.getByText('3 vehicles found').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // On a phone the filters wait behind their button.
    await page.getByRole('button', { name: 'Filters (0)' }).click();
    await page.getByLabel('Location').selectOption('Lagos');
    await page.getByText('2 vehicles found').waitFor();
    await page.getByLabel('Sort by').selectOption('price_asc');
    await expect.poll(() => page.locator('.vehicle-card__title').allTextContents()).toEqual(['2022 Hyundai IONIQ 5 Long Range', '2023 Rivian R1T Adventure']);
    await page.getByLabel('Search').fill('rivian');
    await page.getByText('1 vehicle found').waitFor();
    await page.getByText('Active filters: 2').waitFor();
    expect(new URL(page.url()).searchParams.toString()).toBe('location=Lagos&search=rivian&sort=price_asc');

    await page.reload();
    await page.getByText('1 vehicle found').waitFor();
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    expect(await page.getByLabel('Location').inputValue()).toBe('Lagos');
    expect(await page.getByLabel('Search').inputValue()).toBe('rivian');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');

    await page.getByLabel('Price Range').selectOption({ label: 'Under 2M' });
    await page.getByText('No vehicles found matching your criteria.').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText('3 vehicles found').waitFor();
    await page.getByText('Active filters: 0').waitFor();
    expect(errors).toEqual([]);
  });

  it('reads a listing but gets no seller contact, only a way to sign in that returns here', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    await page.goto(`/vehicle/${ids[1]}`);
    await page.waitForURL(`**/vehicles/${ids[1]}`);
    await page.getByRole('heading', { name: '2021 Nissan Leaf e+' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.getByText('₦14,000,000').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^Call/ }).count()).toBe(0);
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(0);
    // One way to sign in beside Contact Seller, not two buttons that read alike.
    expect(await page.getByRole('link', { name: /Sign In to Contact Seller/i }).count()).toBe(0);
    expect(await page.getByText('Sign in Required').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`**/auth?redirect=%2Fvehicles%2F${ids[1]}`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is taken to sign in by Message Seller, and back to the listing with the chat open, not told off by a toast', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    await page.goto(`/vehicles/${ids[1]}`);
    await page.getByRole('heading', { name: '2021 Nissan Leaf e+' }).waitFor();
    await page.getByRole('link', { name: 'Message Seller' }).click();
    const auth = `/auth?redirect=%2Fvehicles%2F${ids[1]}%3Fcontact%3Dchat`;
    await page.waitForURL(`**${auth}`);
    await signUpInBrowser(page, { ...newPerson('Ngozi'), lastName: 'Okafor-Eze' }, auth);
    await page.waitForURL(`**/vehicles/${ids[1]}`);
    await page.getByRole('dialog', { name: /^Chat with / }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
  });

  it('is sent to sign in before listing a vehicle or opening a profile', async () => {
    const { page } = await newVisitor(browser, api.url);
    await page.goto('/create-listing');
    await page.waitForURL('**/auth?redirect=%2Fcreate-listing');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Sign in to see your profile' }).waitFor();
  });

  it('gets a friendly 404 page and a "Vehicle Not Found" page, without developer hints', async () => {
    const { page } = await newVisitor(browser, api.url);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect((await page.textContent('main'))?.toLowerCase()).not.toContain('router');
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await page.waitForURL(api.url + '/');
    await page.goto('/vehicles/987654');
    await page.getByRole('heading', { name: 'Vehicle Not Found' }).waitFor();
    await page.goto('/vehicles/not-a-number');
    await page.getByRole('heading', { name: 'Vehicle Not Found' }).waitFor();
  });

  it('uses the mobile menu on a phone', async () => {
    const { page } = await newVisitor(browser, api.url);
    await page.goto('/');
    await openMenuIfCollapsed(page);
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Sign In' }).waitFor();
    await menu.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About Voltmarket' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
  });
});
