import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addDays, lagosDay } from '@voltmarket/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { type TestApi, useEmulator, validListing } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, networkQuiet, newVisitor, openMenuIfCollapsed, PHONE, type Person, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { longest, measureOverflow } from './support/layout.js';
import { adminToken, approve } from './support/listings.js';

// The longest values the data allows, written without spaces where a person could: nothing may
// widen the page on a 360 px phone, whoever is looking.
const seller: Person = {
  firstName: longest('Oluwatobilobafunmilayo', 50),
  lastName: longest('Chukwuemekaifeanyichukwu', 50),
  email: `${longest('oluwatobiloba.chukwuemeka.adebayookonkwo', 56)}${randomBytes(4).toString('hex')}@example.test`,
  password: `pw-${randomBytes(4).toString('hex')}`,
};
const WORDY_TITLE = longest('2024 Hyundai IONIQ 5 Long Range AWD Ultimate with Vehicle-to-Load, heat pump and panoramic roof; ', 120);
const UNBROKEN_TITLE = longest('ZeroMotorcyclesSRFPremiumEdition', 120);
const REASON = `${longest('Thephotosshowadifferentvehiclefromtheonedescribedandthemileageisunreadable ', 480)} odometer.`;
const TOP_PRICE = 999_999_999;

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let live: number;
let rejected: number;

const json = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

async function call(method: string, path: string, token: string, body?: unknown): Promise<{ id: number }> {
  const res = await fetch(`${api.url}${path}`, { method, headers: json(token), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

/** A photo uploaded through the API, so listing cards and the gallery show real images. */
async function upload(token: string): Promise<string> {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 90 } } }).png().toBuffer();
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${api.url}/api/upload/image`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body });
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

let signedIn: Page;
beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  ({ page: signedIn } = await newVisitor(browser, api.url));
  await signUpInBrowser(signedIn, seller);
  const token = await emulatorSignIn(useEmulator().host, seller.email, seller.password);
  await call('PATCH', '/api/auth/profile', token, { firstName: seller.firstName, lastName: seller.lastName, phone: '+234 803 555 1234' });
  const imageUrls = [await upload(token), await upload(token)];
  const listing = (title: string) =>
    validListing({ title, price: TOP_PRICE, brand: 'Hyundai', model: 'IONIQ 5', vehicleType: 'car', location: 'Lagos', imageUrls,
      description: `${longest('Regularly serviced at the dealership in Lagos; ', 400)} ${longest('https://example.test/service-history/', 120)}`, sellerPhone: '+234 803 555 1234' });
  live = (await call('POST', '/api/vehicles', token, listing(WORDY_TITLE))).id;
  rejected = (await call('POST', '/api/vehicles', token, listing(UNBROKEN_TITLE))).id;
  await call('POST', '/api/vehicles', token, listing(longest('Pending ', 120)));
  const admin = await adminToken(api);
  await approve(api, admin, live);
  // Offered for rent at the dearest rates the contract allows, with a wordy type and feature list.
  await call('PATCH', `/api/admin/vehicles/${live}/rental-settings`, admin, { isRentalAvailable: true, dailyRentalRate: 99_999_999, weeklyRentalRate: 99_999_999, monthlyRentalRate: 99_999_999 });
  await api.orm.em.getConnection().execute(
    `insert into rental_specs (vehicle_id, body_type, seats, features, battery_capacity) values (?, 'SUV', 7, array['Vehicle-to-Load with two 230 V sockets', 'Panoramic glass roof with electric blind', 'Heat pump'], 77.4)`, [live]);
  await call('POST', `/api/admin/vehicles/${rejected}/reject`, admin, { reason: REASON });
});
afterAll(() => stack?.close());

interface Screen {
  name: string;
  open: (page: Page) => Promise<void>;
}

/** Paths are worked out when the screen opens: the listings' ids are known only once they exist. */
const at = (path: string | (() => string), ready: (page: Page) => Promise<unknown>): ((page: Page) => Promise<void>) => async (page) => {
  await page.goto(typeof path === 'string' ? path : path());
  await ready(page);
};
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor({ timeout: 10_000 });
const text = (value: string) => (page: Page) => page.getByText(value).first().waitFor({ timeout: 10_000 });

const EVERYONE: Screen[] = [
  { name: 'home', open: at('/', text(WORDY_TITLE)) },
  { name: 'home with the menu open', open: async (page) => { await at('/', text(WORDY_TITLE))(page); await openMenuIfCollapsed(page); } },
  // One-word filter values: the API refuses a '+' for a space in the query (see the report); the browse work changes how spaces are written.
  { name: 'browse with filters', open: at(`/browse?vehicleType=car&location=Lagos&brand=Hyundai&minPrice=10000000&maxPrice=${TOP_PRICE}&search=ioniq&sort=price_desc`, text('1 vehicle found')) },
  { name: 'browse, nothing found', open: at('/browse?location=Kano&search=nothingatall', text('No vehicles found matching your criteria.')) },
  { name: 'vehicle page', open: at(() => `/vehicles/${live}`, heading(WORDY_TITLE)) },
  { name: 'vehicle not found', open: at('/vehicles/987654', heading('Vehicle Not Found')) },
  { name: 'about', open: at('/about', heading('About Voltmarket')) },
  { name: '404', open: at('/no-such-page', heading('404 Page Not Found')) },
  { name: 'rent', open: at('/rent', text('+1 more')) },
  { name: 'rent with dates', open: at(() => `/rent?location=Lagos&type=SUV&startDate=${addDays(lagosDay(new Date()), 2)}&endDate=${addDays(lagosDay(new Date()), 40)}`, text('for 38 days')) },
];

const VISITOR_ONLY: Screen[] = [
  { name: 'sign in', open: at('/auth', heading('Welcome Back')) },
  { name: 'sign up', open: async (page) => { await at('/auth', heading('Welcome Back'))(page); await page.getByRole('button', { name: 'Sign up' }).click(); await page.getByLabel('Confirm password').waitFor(); } },
  { name: 'create listing (sends to sign in)', open: at('/create-listing', heading('Welcome Back')) },
  { name: 'edit listing (sends to sign in)', open: at(() => `/edit-listing/${live}`, heading('Welcome Back')) },
  { name: 'profile (asks to sign in)', open: at('/profile', heading('Sign in to see your profile')) },
];

const SIGNED_IN_ONLY: Screen[] = [
  { name: 'own rejected vehicle page', open: at(() => `/vehicles/${rejected}`, text('odometer')) },
  { name: 'create listing', open: at('/create-listing', heading('List Your Electric Vehicle')) },
  {
    name: 'create listing after a failed submit',
    open: async (page) => {
      await at('/create-listing', heading('List Your Electric Vehicle'))(page);
      await page.getByLabel('Contact Phone').fill('0803 555 12');
      await page.getByRole('button', { name: 'Create Listing' }).click();
      await page.getByText('Missing Required Fields').waitFor();
    },
  },
  { name: 'edit a rejected listing', open: at(() => `/edit-listing/${rejected}`, text('odometer')) },
  { name: 'profile overview', open: at('/profile', text('Recent listings')) },
  { name: 'profile listings', open: at('/profile?tab=listings', text('odometer')) },
  { name: 'profile settings', open: at('/profile?tab=settings', heading('Profile settings')) },
  {
    name: 'profile settings, editing',
    open: async (page) => {
      await at('/profile?tab=settings', heading('Profile settings'))(page);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    },
  },
  { name: 'profile developer', open: at('/profile?tab=developer', heading('API keys')) },
  { name: 'profile security', open: at('/profile?tab=security', heading('Sign-in methods')) },
  { name: 'profile rentals', open: at('/profile?tab=rentals', text('Requests for my vehicles')) },
  {
    name: 'rent, the booking dialog',
    open: async (page) => {
      await at(() => `/rent?startDate=${addDays(lagosDay(new Date()), 2)}&endDate=${addDays(lagosDay(new Date()), 40)}`, text('for 38 days'))(page);
      await page.getByRole('button', { name: /^Rent Now/ }).first().click();
      await page.getByRole('dialog').getByText('Total for 38 days').waitFor({ timeout: 10_000 });
    },
  },
];

/** Opens each screen and lists what is wider than the phone's screen there. */
async function overflowOn(page: Page, screens: Screen[]): Promise<string[]> {
  const found: string[] = [];
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400 && res.status() !== 404) void res.text().then((body) => refused.push(`${res.status()} ${res.url()} ${body}`));
  });
  for (const screen of screens) {
    try {
      await screen.open(page);
    } catch (error) {
      const shown = (await page.locator('main').textContent())?.replace(/\s+/g, ' ').slice(-300);
      found.push(`${screen.name}: did not open (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the page shows "${shown}"; refused calls: ${refused.join(' | ')}`);
      continue;
    }
    await networkQuiet(page);
    const { scrollWidth, stickingOut } = await measureOverflow(page);
    if (scrollWidth > PHONE.width || stickingOut.length > 0) found.push(`${screen.name}: ${scrollWidth} px wide; ${stickingOut.join('; ')}`);
  }
  return found;
}

describe('on a 360 px phone, with the longest names, email, titles and prices', () => {
  it('no page is wider than the screen for a visitor', async () => {
    const { page } = await newVisitor(browser, api.url);
    expect(await overflowOn(page, [...EVERYONE, ...VISITOR_ONLY])).toEqual([]);
  }, 180_000);

  it('no page is wider than the screen for the signed-in seller', async () => {
    expect(await overflowOn(signedIn, [...EVERYONE, ...SIGNED_IN_ONLY])).toEqual([]);
  }, 180_000);

  it('shows every profile tab whole on the screen, and the arrow keys move between them', async () => {
    await signedIn.goto('/profile');
    await signedIn.getByRole('tab', { name: 'Security' }).waitFor();
    const tabs = signedIn.getByRole('tab');
    expect(await tabs.count()).toBe(9);
    const boxes = await tabs.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { tab: el.textContent, inside: r.left >= 0 && r.right <= document.documentElement.clientWidth && r.top >= 0 && r.bottom <= window.innerHeight };
      }),
    );
    expect(boxes).toEqual(['Overview', 'Listings', 'Chats', 'Wishlist', 'Saved searches', 'Rentals', 'Settings', 'Developer', 'Security'].map((tab) => ({ tab, inside: true })));
    const tablist = signedIn.getByRole('tablist', { name: 'Profile sections' });
    expect(await tablist.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await signedIn.getByRole('tab', { name: 'Overview' }).focus();
    await signedIn.keyboard.press('ArrowLeft');
    await expect.poll(() => signedIn.evaluate(() => document.activeElement?.textContent)).toBe('Security');
    await expect.poll(() => signedIn.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
    await signedIn.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
    await signedIn.keyboard.press('ArrowRight');
    await expect.poll(() => signedIn.evaluate(() => document.activeElement?.textContent)).toBe('Overview');
    await signedIn.keyboard.press('End');
    await expect.poll(() => signedIn.evaluate(() => document.activeElement?.textContent)).toBe('Security');
    await signedIn.keyboard.press('Home');
    await expect.poll(() => signedIn.evaluate(() => document.activeElement?.textContent)).toBe('Overview');
  });
});
