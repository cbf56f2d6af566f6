import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, newVisitor, seriousA11yViolations, startBrowserStack } from './support/browser.js';
import { publishListings } from './support/listings.js';

/**
 * The badges a visitor sees: Verified on every live listing, CAR OF THE WEEK on one only. With no
 * staff pick and no views yet, the car of the week is the most recently approved of the new listings.
 */
let stack: BrowserStack;
let ids: number[];

beforeAll(async () => {
  stack = await startBrowserStack();
  ids = await publishListings(stack.api, [
    { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000 },
    { title: '2021 Zero Motorcycles SR/F Premium', vehicleType: 'motorcycle', brand: 'Zero Motorcycles', model: 'SR/F', location: 'Kano', price: 19_000_000 },
    { title: '2023 Tesla Model Y Long Range Dual Motor All-Wheel Drive with Enhanced Autopilot, Full Self-Driving and Twin Tow Hitches', brand: 'Tesla', model: 'Model Y', location: 'Port Harcourt', price: 109_000_000 },
    { title: '2024 Electric Bikes NG City Cruiser', vehicleType: 'bike', brand: 'Electric Bikes NG', model: 'City Cruiser', location: 'Benin City', price: 1_250_000 },
  ]);
});
afterAll(() => stack?.close());

describe('badges on the storefront', () => {
  it('shows CAR OF THE WEEK on one card only, and Verified on every live card, on a phone', async () => {
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url);
    await page.goto('/browse');
    await page.getByText('4 vehicles found').waitFor();
    const cards = page.locator('article.vehicle-card');
    expect(await cards.count()).toBe(4);
    for (const card of await cards.all()) await card.getByText('Verified', { exact: true }).waitFor();
    const badged = cards.filter({ hasText: 'CAR OF THE WEEK' });
    expect(await badged.count()).toBe(1);
    expect(await badged.locator('.vehicle-card__title').innerText()).toBe('2024 Electric Bikes NG City Cruiser');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows CAR OF THE WEEK and Verified on the car of the week\'s own page, and only Verified on the others', async () => {
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url);
    await page.goto(`/vehicles/${ids[3]}`);
    await page.getByRole('heading', { name: '2024 Electric Bikes NG City Cruiser' }).waitFor();
    const badges = page.locator('.vehicle-page__title-row');
    await badges.getByText('CAR OF THE WEEK').waitFor();
    await badges.getByText('Verified', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`/vehicles/${ids[0]}`);
    await page.getByRole('heading', { name: '2022 Hyundai IONIQ 5 Long Range' }).waitFor();
    await badges.getByText('Verified', { exact: true }).waitFor();
    expect(await page.getByText('CAR OF THE WEEK').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
