import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, lagosDay } from '@voltmarket/domain';
import { adminAuth, uploadedPhoto, type TestApi } from '../../../adapters/test/support/harness.js';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { type BrowserStack, newPerson, newVisitor, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';

/**
 * Renting as new users would: a renter on a phone searches /rent for dates in Port Harcourt, asks
 * for the IONIQ 5 at the server's price, support confirms it in the backoffice, the renter sees
 * Confirmed and is told; a second renter cannot get those days.
 */
let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let support: { email: string; password: string };
const VEHICLE = '2024 Hyundai IONIQ 5 Long Range AWD';
/** How the rental page names it: year, brand, model. */
const NAME = '2024 Hyundai IONIQ 5';
/** The catalogue's longest brand and model names, which the booking dialog's title is made of. */
const LONG_NAMES = [['Electric Bikes NG', 'City Cruiser'], ['Porsche', 'Taycan Cross Turismo'], ['Mercedes-Benz', 'EQS SUV']] as const;

beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  const password = `pw-${randomBytes(5).toString('hex')}`;
  await adminAuth().createUser({ email: api.staffEmails.admin, password, emailVerified: true, displayName: 'Amaka Admin' });
  await adminAuth().createUser({ email: api.staffEmails.support, password, emailVerified: true, displayName: 'Sola Support' });
  support = { email: api.staffEmails.support, password };
  const adminToken = await emulatorSignIn(inject('authEmulatorHost'), api.staffEmails.admin, password);
  const ownerEmail = `chukwuemeka.okonkwo-${randomBytes(3).toString('hex')}@port-harcourt-ev-rentals.com.ng`;
  const owner = await adminAuth().createUser({ email: ownerEmail, password, emailVerified: true, displayName: 'Chukwuemeka Okonkwo-Adeyemi' });
  const ownerToken = await emulatorSignIn(inject('authEmulatorHost'), ownerEmail, password);
  await fetch(`${api.url}/api/auth/user`, { headers: { Authorization: `Bearer ${ownerToken}` } });
  const photo = await uploadedPhoto(api.url, adminToken, '#2a6');
  for (const [title, brand, model, location, bodyType, daily] of [
    [VEHICLE, 'Hyundai', 'IONIQ 5', 'Port Harcourt', 'SUV', '32,000'],
    ['2022 Hyundai Kona Electric', 'Hyundai', 'Kona Electric', 'Abuja', 'SUV', '18000'],
    ...LONG_NAMES.map(([b, m]) => [`2024 ${b} ${m}`, b, m, 'Kano', 'Sedan', '45,000'] as const),
  ] as const) {
    const res = await fetch(`${api.url}/api/admin/rental-vehicles`, {
      method: 'POST', headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title, description: 'Family SUV with Vehicle-to-Load.', brand, model, year: '2024', price: '48,500,000', location, range: '488',
        dailyRentalRate: daily, weeklyRentalRate: '190,000', monthlyRentalRate: '1,250,000', bodyType, seats: '5', chargingType: 'DC',
        features: ['Vehicle-to-Load', 'Heated Seats', '360° Camera', 'Ultra-Fast Charging'], imageUrls: [photo], vehicleType: 'EV', sellerId: owner.uid,
      }),
    });
    if (res.status !== 201) throw new Error(`rental vehicle failed: ${res.status} ${await res.text()}`);
  }
});
afterAll(() => stack?.close());

describe('renting an EV', () => {
  it('a renter books real dates, support confirms, the renter sees Confirmed and is told; a second renter cannot get those dates', { timeout: 240_000 }, async () => {
    const start = addDays(lagosDay(new Date()), 3);
    const end = addDays(start, 3);
    const renter = newPerson('Oluwaseun');
    const { page, errors } = await newVisitor(browser, api.url);
    await signUpInBrowser(page, renter);

    // Search by part of a two-word city and the dates: only the free vehicle there, priced for them.
    await page.goto('/rent');
    const filters = page.getByRole('region', { name: 'Find a rental' });
    await filters.getByLabel('Location').fill('port harcourt');
    await filters.getByLabel('Start date').fill(start);
    await filters.getByLabel('End date').fill(end);
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('startDate') === start);
    const card = page.locator('.rental-card', { hasText: NAME });
    // The earlier list stays on screen while the search loads: wait for the answer to the dated search.
    await expect.poll(() => page.locator('.rental-card').count(), { timeout: 10_000 }).toBe(1);
    await card.waitFor();
    await card.getByText('₦96,000').first().waitFor();
    await card.getByText('+2 more').waitFor();
    await expect.poll(() => seriousA11yViolations(page)).toEqual([]);

    // Ask: the dialog shows the server's price, and the request is sent without one.
    await card.getByRole('button', { name: `Rent Now: ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rent ${NAME}` });
    await dialog.getByRole('region', { name: 'Price' }).getByText('₦96,000').first().waitFor();
    await dialog.getByLabel('Drop-off location').fill('GRA Phase 2, Port Harcourt');
    await dialog.getByLabel('Notes for the owner').fill('Arriving on the evening flight from Lagos.');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/rentals') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Request to Rent' }).click();
    expect(Object.keys((await sent).postDataJSON() as object).sort()).toEqual(['dropoffLocation', 'endDate', 'notes', 'pickupLocation', 'startDate', 'vehicleId']);
    await page.locator('.toast__title', { hasText: 'Rental Request Initiated' }).waitFor();

    await page.goto('/profile?tab=rentals');
    const row = page.locator('.rental-row', { hasText: VEHICLE });
    await row.getByText('Pending').waitFor();

    // Support confirms it in the backoffice.
    const desk = await newVisitor(browser, api.url, { width: 1366, height: 900 });
    await desk.page.goto('/admin');
    await desk.page.getByLabel('Email').fill(support.email);
    await desk.page.getByLabel('Password').fill(support.password);
    await desk.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await desk.page.getByRole('menuitem', { name: 'Rentals' }).or(desk.page.getByRole('link', { name: 'Rentals', exact: true })).first().click();
    await desk.page.waitForURL(/\/admin\/rentals/);
    const booking = desk.page.getByRole('row').filter({ hasText: VEHICLE });
    await booking.first().waitFor({ timeout: 15_000 });
    await booking.getByRole('button', { name: /^Confirm/ }).click();
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Confirm booking' }).click();
    await booking.getByText('Confirmed').waitFor({ timeout: 15_000 });

    // The renter sees Confirmed and is told (the bell, without a reload).
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByText('Rental confirmed').first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await page.reload();
    await page.locator('.rental-row', { hasText: VEHICLE }).getByText('Confirmed').waitFor();

    // A second renter: those dates find nothing in Port Harcourt, and the calendar says they are taken.
    const second = newPerson('Ngozi');
    const other = await newVisitor(browser, api.url);
    await signUpInBrowser(other.page, second);
    await other.page.goto(`/rent?location=Port%20Harcourt&startDate=${start}&endDate=${end}`);
    await other.page.getByText('No vehicles are free on those dates.').waitFor();
    await other.page.goto('/rent?location=Port%20Harcourt');
    const again = other.page.locator('.rental-card', { hasText: NAME });
    await again.getByRole('button', { name: `Rent Now: ${NAME}` }).click();
    const taken = other.page.getByRole('dialog', { name: `Rent ${NAME}` });
    await taken.getByLabel('Start date').fill(start);
    await taken.getByLabel('End date').fill(end);
    await taken.getByText('These dates are not available').waitFor();
    expect(await taken.getByRole('button', { name: 'Request to Rent' }).isDisabled()).toBe(true);

    expect(errors).toEqual([]);
    expect(desk.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });

  it('keeps the booking dialog\'s close button on its title\'s row on a 360 px phone, with the longest vehicle names', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newVisitor(browser, api.url);
    expect(page.viewportSize()?.width).toBe(360);
    await signUpInBrowser(page, newPerson('Adaeze'));
    for (const [brand, model] of LONG_NAMES) {
      const name = `2024 ${brand} ${model}`;
      await page.goto('/rent?location=Kano');
      await page.locator('.rental-card', { hasText: name }).getByRole('button', { name: `Rent Now: ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Rent ${name}` });
      const title = dialog.getByRole('heading', { name: `Rent ${name}` });
      await dialog.getByLabel('Drop-off location').waitFor();
      const t = (await title.boundingBox())!;
      const close = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
      // Beside the title and level with its first line, not pushed below it; on the screen.
      expect(close.y, name).toBeLessThan(t.y + t.height / 2);
      expect(close.x, name).toBeGreaterThanOrEqual(t.x + t.width);
      expect(close.x + close.width, name).toBeLessThanOrEqual(360);
      expect((await measureOverflow(page)).stickingOut, name).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
