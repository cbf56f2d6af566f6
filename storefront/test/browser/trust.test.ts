import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, lagosDay } from '@voltmarket/domain';
import { adminAuth, uploadedPhoto, validListing, type TestApi } from '../../../adapters/test/support/harness.js';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { type BrowserStack, newPerson, newVisitor, type Person, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';

/**
 * Trust as new users meet it on a 360 px phone: a renter and an owner review each other after a
 * completed rental and read both only once both have written; the owner replies on their seller
 * page; a buyer sees where a price sits against the market; a seller marks a listing sold.
 */
let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let adminToken: string;

const tokenOf = (p: Person) => emulatorSignIn(inject('authEmulatorHost'), p.email, p.password);
const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.getConnection().execute<T[]>(query, params);

async function call(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${api.url}${path}`, {
    method, headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A live listing of the seller, approved by the admin. */
async function liveFor(token: string, overrides: Record<string, unknown>): Promise<number> {
  const imageUrls = [await uploadedPhoto(api.url, token, '#2a6')];
  const created = await call(token, 'POST', '/api/vehicles', validListing({ imageUrls, ...overrides }));
  if (created.status !== 201) throw new Error(`listing failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  const approved = await call(adminToken, 'POST', `/api/admin/vehicles/${id}/approve`);
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status}`);
  return id;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await measureOverflow(page);
  expect(overflow.stickingOut).toEqual([]);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(360);
}

beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  const password = `pw-${randomBytes(5).toString('hex')}`;
  await adminAuth().createUser({ email: api.staffEmails.admin, password, emailVerified: true, displayName: 'Amaka Admin' });
  adminToken = await emulatorSignIn(inject('authEmulatorHost'), api.staffEmails.admin, password);
});
afterAll(() => stack?.close());

describe('reviews after a rental', () => {
  it('a renter and an owner review each other; neither reads the other until both have written; the owner replies once', { timeout: 240_000 }, async () => {
    const owner = newPerson('Chukwuemeka');
    const renter = newPerson('Oluwaseun');
    const owners = await newVisitor(browser, api.url);
    const renters = await newVisitor(browser, api.url);
    await signUpInBrowser(owners.page, owner);
    await signUpInBrowser(renters.page, renter);
    const [ownerToken, renterToken] = await Promise.all([tokenOf(owner), tokenOf(renter)]);
    const ownerId = (await call(ownerToken, 'GET', '/api/auth/user')).body.id as string;
    const car = await liveFor(ownerToken, {
      title: '2023 Tesla Model 3 Long Range', brand: 'Tesla', model: 'Model 3', location: 'Lagos', price: 42_000_000,
      isRentalAvailable: true, dailyRentalRate: 25_000, weeklyRentalRate: 150_000, monthlyRentalRate: null,
    });
    const today = lagosDay(new Date());
    const asked = await call(renterToken, 'POST', '/api/rentals', {
      vehicleId: car, startDate: addDays(today, 2), endDate: addDays(today, 4), pickupLocation: 'Lekki Phase 1, Lagos', dropoffLocation: 'Lekki Phase 1, Lagos', notes: '',
    });
    expect(asked.status).toBe(201);
    const booking = asked.body.id as number;
    expect((await call(ownerToken, 'POST', `/api/rentals/${booking}/status`, { status: 'confirmed' })).status).toBe(200);
    await sql(`update rentals set start_date = ?::date where id = ?`, [today, booking]);
    expect((await call(ownerToken, 'POST', `/api/rentals/${booking}/status`, { status: 'active' })).status).toBe(200);
    expect((await call(ownerToken, 'POST', `/api/rentals/${booking}/status`, { status: 'completed' })).status).toBe(200);

    // The renter reviews from Profile → Rentals: stars by keyboard-friendly radios, a title, a comment.
    const { page } = renters;
    await page.goto('/profile?tab=rentals');
    const row = page.locator(`[data-rental-id="${booking}"]`);
    await row.getByRole('button', { name: 'Review Chukwuemeka Eze' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Chukwuemeka Eze' });
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.getByText('Choose a rating from 1 to 5 stars').waitFor();
    await dialog.locator('label', { hasText: '4 stars: Very good' }).click();
    expect(await dialog.getByRole('radio', { name: '4 stars: Very good' }).isChecked()).toBe(true);
    await dialog.getByLabel('Title').fill('Clean car, quick handover');
    await dialog.getByLabel('How did it go?').fill('Charged to 90% and spotless. Chukwuemeka met me at Lekki Phase 1 on time.');
    await expect.poll(() => seriousA11yViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await page.locator('.toast__title', { hasText: 'Review saved' }).waitFor();
    await row.getByText(/You reviewed Chukwuemeka Eze\. It appears when they have written theirs/).waitFor();

    // Double-blind: the owner's page shows nothing yet, to the renter or anyone.
    await page.goto(`/sellers/${ownerId}`);
    await page.getByRole('heading', { name: 'Chukwuemeka Eze' }).waitFor();
    await page.getByText(/No reviews yet/).waitFor();

    // The owner writes theirs: both are published at once.
    await owners.page.goto('/profile?tab=rentals');
    const ownersRow = owners.page.locator(`[data-rental-id="${booking}"]`);
    await ownersRow.getByRole('button', { name: 'Review Oluwaseun Eze' }).click();
    const theirs = owners.page.getByRole('dialog', { name: 'Review Oluwaseun Eze' });
    await theirs.locator('label', { hasText: '5 stars: Excellent' }).click();
    await theirs.getByLabel('Title').fill('A careful renter');
    await theirs.getByLabel('How did it go?').fill('Returned on time with the battery above half.');
    await theirs.getByRole('button', { name: 'Post review' }).click();
    await owners.page.locator('.toast__title', { hasText: 'Review posted' }).waitFor();

    await page.reload();
    const review = page.locator('.review', { hasText: 'Clean car, quick handover' });
    await review.waitFor();
    await page.getByRole('img', { name: 'Rated 4 out of 5 from 1 review' }).first().waitFor();
    await noSidewaysScroll(page);

    // The owner answers on their own page, once.
    await owners.page.goto(`/sellers/${ownerId}`);
    const mine = owners.page.locator('.review', { hasText: 'Clean car, quick handover' });
    await mine.getByRole('button', { name: 'Reply to “Clean car, quick handover”' }).click();
    await mine.getByLabel(/Your reply/).fill('Thank you, Seun. Safe travels!');
    await mine.getByRole('button', { name: 'Post reply' }).click();
    await mine.getByText('Reply from Chukwuemeka Eze').waitFor();
    await expect.poll(() => mine.getByRole('button', { name: /Reply to/ }).count()).toBe(0);
    await page.reload();
    await review.getByText('Thank you, Seun. Safe travels!').waitFor();
    // The vehicle page's seller card carries the rating and leads to the page.
    await page.goto(`/vehicles/${car}`);
    await page.locator('.seller-card').getByRole('img', { name: 'Rated 4 out of 5 from 1 review' }).waitFor();
    await page.locator('.seller-card').getByRole('link', { name: /seller's page and reviews/ }).click();
    await page.waitForURL(`**/sellers/${ownerId}`);
    expect(renters.errors).toEqual([]);
    expect(owners.errors).toEqual([]);
  });
});

describe('fair prices and sales', () => {
  it('a buyer sees where the asking price sits against the market; the seller sees it while typing; a sale takes the listing off Browse', { timeout: 240_000 }, async () => {
    const seller = newPerson('Ada');
    const sellers = await newVisitor(browser, api.url);
    await signUpInBrowser(sellers.page, seller);
    const token = await tokenOf(seller);
    const ids: number[] = [];
    for (const price of [36, 37, 38, 39, 40]) {
      ids.push(await liveFor(token, { title: `2022 Hyundai IONIQ 5 (${price})`, brand: 'Hyundai', model: 'IONIQ 5', year: 2022, price: price * 1_000_000, location: 'Port Harcourt' }));
    }
    await api.jobs.runNow('market-prices');
    await expect.poll(async () => (await fetch(`${api.url}/api/market-prices?brand=Hyundai&model=IONIQ%205&year=2022`)).status, { timeout: 20_000 }).toBe(200);

    const buyer = await newVisitor(browser, api.url);
    await buyer.page.goto(`/vehicles/${ids[0]}`);
    await buyer.page.getByTestId('market-price').getByText('₦2M below the typical price for a 2022 Hyundai IONIQ 5 (5 listings: ₦37M–₦39M)').waitFor();
    await noSidewaysScroll(buyer.page);

    // The seller listing a sixth sees where their price would sit as they type it.
    const { page } = sellers;
    await page.goto('/create-listing');
    await page.getByLabel('Brand').selectOption('Hyundai');
    await page.getByLabel('Model').selectOption('IONIQ 5');
    await page.getByLabel('Year').fill('2022');
    await page.getByLabel('Price (₦)').fill('45000000');
    await page.getByTestId('market-price').getByText('₦7M above the typical price for a 2022 Hyundai IONIQ 5 (5 listings: ₦37M–₦39M)').waitFor();

    // Marked sold from Profile → Listings, asked first: it leaves Browse, its page says Sold.
    await page.goto('/profile?tab=listings');
    const row = page.locator(`[data-listing-id="${ids[0]}"]`);
    await row.getByRole('button', { name: `Mark 2022 Hyundai IONIQ 5 (36) as sold` }).click();
    await row.getByRole('group', { name: /as sold\?/ }).getByRole('button', { name: 'Keep it listed' }).click();
    await row.getByRole('button', { name: `Mark 2022 Hyundai IONIQ 5 (36) as sold` }).click();
    await row.getByRole('button', { name: 'Yes, it is sold' }).click();
    await page.locator('.toast__title', { hasText: 'Marked sold' }).waitFor();
    await row.getByText('Sold', { exact: true }).waitFor();
    await expect.poll(() => row.getByRole('link', { name: /^Edit / }).count()).toBe(0);

    await buyer.page.reload();
    await buyer.page.getByText(/This vehicle was sold on/).waitFor();
    expect(await buyer.page.getByRole('button', { name: /Message Seller|Contact Seller/ }).count()).toBe(0);
    await buyer.page.goto('/browse?location=Port%20Harcourt');
    await buyer.page.locator('.vehicle-card:not(.vehicle-card--skeleton)').first().waitFor();
    const titles = await buyer.page.locator('.vehicle-card h3').allTextContents();
    expect(titles.some((t) => t.includes('(36)'))).toBe(false);
    expect(titles.filter((t) => t.includes('IONIQ 5')).length).toBe(4);
    expect(buyer.errors).toEqual([]);
    expect(sellers.errors).toEqual([]);
  });
});
