import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newPerson, newVisitor, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { publishListings } from './support/listings.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
const DESKTOP = { width: 1280, height: 900 };
const LONG_TITLE = '2023 Tesla Model Y Long Range Dual Motor AWD, one owner, full service history, home wallbox and spare tyre included';

beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  await publishListings(api, [
    { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000, vehicleType: 'car' },
    { title: LONG_TITLE, brand: 'Tesla', model: 'Model Y', location: 'Port Harcourt', price: 58_000_000, vehicleType: 'car' },
    { title: '2021 Nissan Leaf e+', brand: 'Nissan', model: 'Leaf', location: 'Abuja', price: 14_000_000, vehicleType: 'car' },
    { title: '2024 Mercedes-Benz EQS 580', brand: 'Mercedes-Benz', model: 'EQS', location: 'Benin City', price: 109_000_000, vehicleType: 'car' },
    { title: 'Electric Bikes NG City Cruiser', brand: 'Electric Bikes NG', model: 'City Cruiser', location: 'Kano', price: 1_200_000, vehicleType: 'bike' },
    { title: '2022 Zero Motorcycles SR/F Premium', brand: 'Zero Motorcycles', model: 'SR/F', location: 'Benin City', price: 28_500_000, vehicleType: 'motorcycle' },
    { title: '2023 BYD Atto 3 Extended Range', brand: 'BYD', model: 'Atto 3', location: 'Port Harcourt', price: 21_000_000, vehicleType: 'car' },
    { title: '2021 MG ZS EV Exclusive', brand: 'MG', model: 'ZS EV', location: 'Jos', price: 20_000_000, vehicleType: 'car' },
    { title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Ibadan', price: 61_000_000, vehicleType: 'car' },
  ]);
});
afterAll(() => stack?.close());

/** A visitor whose waits give up before the test's own time limit, so a failure names the step. */
async function visitor(viewport?: { width: number; height: number }) {
  const visit = await newVisitor(browser, api.url, viewport);
  visit.page.setDefaultTimeout(15_000);
  return visit;
}

// Text content, not innerText: cards below the screen are not rendered yet (content-visibility), and innerText is empty for them.
const prices = async (page: Page): Promise<number[]> =>
  (await page.locator('.vehicle-card__price').allTextContents()).map((text) => Number(text.replace(/[₦,]/g, '')));
const titles = async (page: Page) => (await page.locator('.vehicle-card__title').allTextContents()).map((t) => t.trim());

describe('a price range of your own on Browse', () => {
  it('finds exactly the vehicles from ₦20,000,000 to ₦60,000,000, typed with separators', async () => {
    const { page, errors } = await visitor(DESKTOP);
    await page.goto('/browse');
    await page.getByText('9 vehicles found').waitFor();
    await page.getByLabel('Min price (₦)').fill('20,000,000');
    await page.getByLabel('Max price (₦)').fill('60,000,000');
    await page.getByLabel('Max price (₦)').press('Enter');
    await page.getByText('5 vehicles found').waitFor();
    expect(new URL(page.url()).search).toBe('?minPrice=20000000&maxPrice=60000000');
    await expect.poll(async () => (await prices(page)).length).toBe(5);
    for (const price of await prices(page)) expect(price >= 20_000_000 && price <= 60_000_000, `₦${price}`).toBe(true);
    expect(await page.getByLabel('Price Range').inputValue()).toBe('20000000-60000000');
    expect(await page.getByLabel('Price Range').locator('option:checked').innerText()).toBe('Custom range');
    expect(await page.getByText('Active filters: 1').isVisible()).toBe(true);

    // The bands still work, and fill the fields with their bounds.
    await page.getByLabel('Price Range').selectOption({ label: 'Above 10M' });
    await page.getByText('8 vehicles found').waitFor();
    expect(await page.getByLabel('Min price (₦)').inputValue()).toBe('10,000,000');
    expect(await page.getByLabel('Max price (₦)').inputValue()).toBe('');
    for (const price of await prices(page)) expect(price).toBeGreaterThanOrEqual(10_000_000);
    expect(errors).toEqual([]);
  });

  it('explains a minimum above the maximum and keeps the results it had', async () => {
    const { page } = await visitor(DESKTOP);
    await page.goto('/browse?minPrice=20000000');
    await page.getByText('7 vehicles found').waitFor();
    await page.getByLabel('Max price (₦)').fill('15,000,000');
    await page.getByLabel('Max price (₦)').press('Enter');
    await page.getByText('Max price must be at least the min price (₦20,000,000)').waitFor();
    expect(new URL(page.url()).search).toBe('?minPrice=20000000');
    expect(await page.getByText('7 vehicles found').isVisible()).toBe(true);
  });

  it('explains a shared address whose minimum is above its maximum, and clears it', async () => {
    const { page } = await visitor(DESKTOP);
    await page.goto('/browse?minPrice=60000000&maxPrice=20000000');
    await page.getByText('The min price is above the max price, so no vehicle can match.').waitFor();
    await page.getByText('Max price must be at least the min price (₦60,000,000)').waitFor();
    await page.getByRole('button', { name: 'Clear Price Range' }).click();
    await page.getByText('9 vehicles found').waitFor();
  });

  it('searches a range typed in the hero', async () => {
    const { page } = await visitor();
    await page.goto('/');
    await page.getByLabel('Price Range').selectOption({ label: 'Custom range' });
    await page.getByLabel('Min price (₦)').fill('₦20,000,000');
    await page.getByLabel('Max price (₦)').fill('60m');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Search EVs' }).click();
    await page.waitForURL('**/browse?minPrice=20000000&maxPrice=60000000');
    await page.getByText('5 vehicles found').waitFor();
    expect((await titles(page)).sort()).toEqual([LONG_TITLE, '2021 MG ZS EV Exclusive', '2022 Hyundai IONIQ 5 Long Range', '2022 Zero Motorcycles SR/F Premium', '2023 BYD Atto 3 Extended Range'].sort());
  });
});

const ALL_TITLES = [
  '2022 Hyundai IONIQ 5 Long Range', LONG_TITLE, '2021 Nissan Leaf e+', '2024 Mercedes-Benz EQS 580', 'Electric Bikes NG City Cruiser',
  '2022 Zero Motorcycles SR/F Premium', '2023 BYD Atto 3 Extended Range', '2021 MG ZS EV Exclusive', '2023 Kia EV6 GT-Line',
].sort();
const sortedTitles = async (page: Page) => (await titles(page)).sort();

describe('Browse on a 360 px phone', () => {
  it('shows results first, with the filters behind a "Filters (N)" button that opens and closes by keyboard', async () => {
    const { page, errors } = await visitor();
    await page.goto('/browse?vehicleType=car');
    await page.getByText('7 vehicles found').waitFor();
    const firstCard = await page.locator('.vehicle-card').first().boundingBox();
    expect(firstCard && firstCard.y + 40 < 780, `first card at ${firstCard?.y}`).toBe(true);
    const toggle = page.getByRole('button', { name: 'Filters (1)' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Location').isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Location').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Location').focus();
    await page.keyboard.press('Escape');
    await page.getByLabel('Location').waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // "Show results" closes the panel too, back on the button.
    await toggle.click();
    await page.getByRole('button', { name: 'Show results' }).click();
    await page.getByLabel('Location').waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps each committed search in the history: Back restores the earlier searches and their results', async () => {
    const { page, errors } = await visitor();
    await page.goto('/browse');
    await page.getByText('9 vehicles found').waitFor();
    await page.getByRole('button', { name: 'Filters (0)' }).click();

    await page.getByLabel('Location').selectOption('Port Harcourt');
    await page.getByText('2 vehicles found').waitFor();
    expect(await sortedTitles(page)).toEqual(['2023 BYD Atto 3 Extended Range', LONG_TITLE].sort());
    await page.getByLabel('Brand').selectOption('Tesla');
    await page.getByText('1 vehicle found').waitFor();
    expect(await titles(page)).toEqual([LONG_TITLE]);
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();

    await page.goBack();
    await page.getByText('2 vehicles found').waitFor();
    expect(new URL(page.url()).searchParams.get('location')).toBe('Port Harcourt');
    expect(await page.getByLabel('Brand').inputValue()).toBe('all');
    expect(await sortedTitles(page)).toEqual(['2023 BYD Atto 3 Extended Range', LONG_TITLE].sort());

    await page.goBack();
    await page.getByText('9 vehicles found').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Location').inputValue()).toBe('all');
    await expect.poll(() => sortedTitles(page)).toEqual(ALL_TITLES);
    expect(errors).toEqual([]);
  });

  it('adds no history entry per keystroke: a typed search is one entry, and Clear All Filters another', async () => {
    const { page } = await visitor();
    await page.goto('/browse');
    await page.getByText('9 vehicles found').waitFor();
    const entries = () => page.evaluate(() => history.length);
    const before = await entries();
    await page.getByLabel('Search').pressSequentially('IONIQ 5', { delay: 30 });
    await page.getByText('1 vehicle found').waitFor();
    expect(await entries()).toBe(before + 1);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.getByText('9 vehicles found').waitFor();
    expect(await entries()).toBe(before + 2);
    await page.goBack();
    await page.getByText('1 vehicle found').waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('IONIQ 5');
  });
});

describe('the home page\'s featured vehicles', () => {
  it('sit in two rows of three on a desktop, never a lone row of two', async () => {
    const { page, errors } = await visitor(DESKTOP);
    await page.goto('/');
    const cards = page.locator('.vehicle-grid--featured .vehicle-card');
    await expect.poll(() => cards.count()).toBe(6);
    const rows = new Set((await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))));
    expect(rows.size).toBe(2);
    expect(errors).toEqual([]);
  });
});

describe('the search box on a phone', () => {
  it('is on the first screen at 360 px, signed out and signed in, while the other filters wait behind "Filters (N)"', async () => {
    const { page, errors } = await visitor();
    for (const signedIn of [false, true]) {
      if (signedIn) await signUpInBrowser(page, { ...newPerson('Oluwaseun'), lastName: 'Adebayo-Okonkwo-Nwachukwu' });
      await page.goto('/browse');
      await page.getByText('9 vehicles found').waitFor();
      const box = await page.getByLabel('Search').boundingBox();
      expect(box, `signed in: ${signedIn}`).not.toBeNull();
      expect(box!.y + box!.height, `signed in: ${signedIn}`).toBeLessThan(780);
      expect(await page.getByLabel('Location').isVisible()).toBe(false);
      await page.getByLabel('Search').fill('Port Harcourt');
      await page.getByLabel('Search').press('Enter');
      await page.getByText('2 vehicles found').waitFor();
      await page.getByRole('button', { name: /^Filters \(\d\)$/ }).click();
      expect(await page.getByLabel('Location').isVisible()).toBe(true);
    }
    expect(errors).toEqual([]);
  });
});

describe('searches with spaces and multi-word names', () => {
  it.each([
    ['Port Harcourt', ['2023 BYD Atto 3 Extended Range', LONG_TITLE]],
    ['Benin City', ['2022 Zero Motorcycles SR/F Premium', '2024 Mercedes-Benz EQS 580']],
  ])('finds vehicles in %s from the hero', async (city, expected) => {
    const { page, errors } = await visitor();
    await page.goto('/');
    await page.getByLabel('Location').selectOption(city);
    await page.getByRole('button', { name: 'Search EVs' }).click();
    await page.getByText(`${expected.length} vehicles found`).waitFor();
    expect(new URL(page.url()).searchParams.get('location')).toBe(city);
    expect(await sortedTitles(page)).toEqual([...expected].sort());
    expect(errors).toEqual([]);
  });

  it.each([
    ['Model Y', [LONG_TITLE]],
    ['IONIQ 5', ['2022 Hyundai IONIQ 5 Long Range']],
    ['Electric Bikes NG', ['Electric Bikes NG City Cruiser']],
  ])('finds "%s" typed into the search on Browse', async (text, expected) => {
    const { page } = await visitor(DESKTOP);
    await page.goto('/browse');
    await page.getByText('9 vehicles found').waitFor();
    await page.getByLabel('Search').fill(text);
    await page.getByLabel('Search').press('Enter');
    await page.getByText(`${expected.length} ${expected.length === 1 ? 'vehicle' : 'vehicles'} found`).waitFor();
    expect(await sortedTitles(page)).toEqual(expected);
  });

  it('searches a city and kind typed as words as those filters, and says so', async () => {
    const { page, errors } = await visitor(DESKTOP);
    await page.goto('/browse');
    await page.getByText('9 vehicles found').waitFor();
    await page.getByLabel('Search').fill('cars in Benin City');
    await page.getByLabel('Search').press('Enter');
    await page.getByText('1 vehicle found').waitFor();
    expect(await titles(page)).toEqual(['2024 Mercedes-Benz EQS 580']);
    expect(await page.locator('.read-from-text').textContent()).toBe('Filtered from your search: Electric Cars in Benin City');
    await page.getByLabel('Search').fill('port-harcourt');
    await page.getByLabel('Search').press('Enter');
    await page.getByText('2 vehicles found').waitFor();
    expect(await page.locator('.read-from-text').textContent()).toBe('Filtered from your search: Port Harcourt');
    // A quoted city is only words: no listing here says "Kano" in its text.
    await page.getByLabel('Search').fill('"kano"');
    await page.getByLabel('Search').press('Enter');
    await page.getByText('No vehicles found matching your criteria.').waitFor();
    expect(await page.locator('.read-from-text').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('opens an address with values the API would refuse without a refused request, as if they were not there', async () => {
    const { page, errors } = await visitor(DESKTOP);
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() >= 400) refused.push(`${res.status()} ${res.url()}`);
    });
    for (const [query, found] of [['sort=bogus', '9 vehicles found'], ['vehicleType=plane', '9 vehicles found'], ['minPrice=-5', '9 vehicles found'],
      [`search=${'x'.repeat(120)}`, 'No vehicles found matching your criteria.'], ['search=%00lagos', '1 vehicle found'], ['location=port-harcourt', '2 vehicles found']] as const) {
      await page.goto(`/browse?${query}`);
      await page.getByText(found).first().waitFor();
    }
    expect(await page.getByLabel('Location').inputValue()).toBe('Port Harcourt');
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps what is typed in the search box while earlier searches come back', async () => {
    const { page, errors } = await visitor(DESKTOP);
    await page.goto('/browse');
    await page.getByText('9 vehicles found').waitFor();
    const box = page.getByLabel('Search');
    // A pause after a space sends the search without it; the box keeps the space.
    await box.pressSequentially('benin ');
    await page.waitForTimeout(1000);
    expect(await box.inputValue()).toBe('benin ');
    // Slower than the search's 400 ms wait: each pause sends a search while typing goes on.
    await box.pressSequentially('city', { delay: 450 });
    await page.getByText('2 vehicles found').waitFor();
    expect(await box.inputValue()).toBe('benin city');
    expect(new URL(page.url()).searchParams.get('search')).toBe('benin city');
    expect(errors).toEqual([]);
  });

  it('offers the same search across Nigeria when the city the text named has none', async () => {
    const { page, errors } = await visitor(DESKTOP);
    await page.goto('/browse');
    await page.getByText('9 vehicles found').waitFor();
    await page.getByLabel('Search').fill('Mercedes-Benz EQS in Port Harcourt');
    await page.getByLabel('Search').press('Enter');
    await page.getByText('No vehicles found matching your criteria.').waitFor();
    await page.getByRole('button', { name: 'Search all of Nigeria' }).click();
    await page.getByText('1 vehicle found').waitFor();
    expect(await titles(page)).toEqual(['2024 Mercedes-Benz EQS 580']);
    expect(await page.getByLabel('Search').inputValue()).toBe('Mercedes-Benz EQS');
    expect(new URL(page.url()).searchParams.get('location')).toBeNull();

    // A kind of vehicle read from the text stays, now as its filter; with the keyboard this time.
    await page.getByLabel('Search').fill('motorcycles in Lagos');
    await page.getByLabel('Search').press('Enter');
    await page.getByText('No vehicles found matching your criteria.').waitFor();
    await page.getByRole('button', { name: 'Search all of Nigeria' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('1 vehicle found').waitFor();
    expect(await titles(page)).toEqual(['2022 Zero Motorcycles SR/F Premium']);
    expect(await page.getByLabel('Vehicle Type').inputValue()).toBe('motorcycle');
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    // The button went with the empty list: focus is on the new count, not back at the top of the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('1 vehicle found');

    // Nothing to offer when no city came from the text.
    await page.getByLabel('Search').fill('"kano"');
    await page.getByLabel('Search').press('Enter');
    await page.getByText('No vehicles found matching your criteria.').waitFor();
    expect(await page.getByRole('button', { name: 'Search all of Nigeria' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('finds the brand "Electric Bikes NG" chosen on Browse', async () => {
    const { page } = await visitor(DESKTOP);
    await page.goto('/browse');
    await page.getByLabel('Brand').selectOption('Electric Bikes NG');
    await page.getByText('1 vehicle found').waitFor();
    expect(new URL(page.url()).searchParams.get('brand')).toBe('Electric Bikes NG');
    expect(await titles(page)).toEqual(['Electric Bikes NG City Cruiser']);
  });
});
