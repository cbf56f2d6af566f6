import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBenchListings } from '../../../adapters/bench/bench-data.js';
import { type BrowserStack, networkQuiet, newPerson, newVisitor, PHONE, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';

let stack: BrowserStack;
let db: pg.Client;

beforeAll(async () => {
  stack = await startBrowserStack();
  db = new pg.Client({ connectionString: stack.api.databaseUrl });
  await db.connect();
  // Listings of every city and brand of the catalogue (naira prices in the millions), some boosted:
  // several pages of results in all, and more than one in Port Harcourt.
  await loadBenchListings(db, 400);
});
afterAll(async () => {
  await db?.end();
  await stack?.close();
});

const liveCount = async (where = 'true', params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(`select count(*) as n from listings where status = 'active' and ${where}`, params)).rows[0]!.n);

/**
 * Swipes to the foot of Browse until every match is shown, then checks each card is there once and
 * that every page after the first (which came with the page) was asked for with the server's cursor.
 */
async function scrollToTheEnd(page: Page, asked: string[], live: number): Promise<void> {
  const all = page.getByText(`Showing ${live} of ${live}`);
  // The first page: its 24 listings, and the promoted slots' boosts that are not among them.
  await page.getByText(new RegExp(`^Showing (2[4-6]) of ${live}$`)).waitFor();
  for (let swipes = 0; swipes < 30 && !(await all.isVisible()); swipes++) {
    // The buyer swipes to the foot of the list; the next page comes without a tap.
    await page.locator('.more-results').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await networkQuiet(page, 300);
  }
  await all.waitFor();
  expect(await page.getByRole('button', { name: 'Load more vehicles' }).count()).toBe(0);
  // Every listing of the search shown, at its place or in a promoted slot on its page; at its place once at most.
  const cards = page.locator('.vehicle-grid a[href^="/vehicles/"]');
  const links = async () => new Set(await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).size;
  await expect.poll(links).toBe(live);
  const atTheirPlace = await page.locator('.vehicle-grid .vehicle-card:not(.vehicle-card--promoted) a[href^="/vehicles/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(atTheirPlace).size).toBe(atTheirPlace.length);
  // Each promoted card says so.
  const promoted = page.locator('.vehicle-card--promoted');
  expect(await promoted.count()).toBeGreaterThan(0);
  expect(await promoted.locator('.promoted-label', { hasText: 'Promoted' }).count()).toBe(await promoted.count());
  // The first page came with the page itself (the server's first view): the browser asked for the rest.
  const pages = asked.filter((q) => q.includes('limit=24'));
  expect(pages).toHaveLength(Math.ceil(live / 24) - 1);
  expect(pages.every((q) => /[?&]cursor=[\w-]+/.test(q) && !q.includes('offset='))).toBe(true);
  const { scrollWidth, stickingOut } = await measureOverflow(page);
  expect({ scrollWidth, stickingOut }).toEqual({ scrollWidth: PHONE.width, stickingOut: [] });
}

function watchSearches(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/vehicles') asked.push(new URL(r.url()).search);
  });
  return asked;
}

describe('scrolling Browse to the end on a phone', () => {
  it('loads page after page as the list ends for a visitor, each listing once, continuing from the cursor the server gave', async () => {
    const live = await liveCount();
    expect(live).toBeGreaterThan(10 * 24);
    const { page, errors } = await newVisitor(stack.browser, stack.api.url, PHONE);
    page.setDefaultTimeout(15_000);
    const asked = watchSearches(page);
    await page.goto('/browse');
    await page.getByText(`${live} vehicles found`).waitFor();
    await scrollToTheEnd(page, asked, live);
    expect(errors).toEqual([]);
  });

  it('does the same signed in, for Port Harcourt', async () => {
    const live = await liveCount(`location = $1`, ['Port Harcourt']);
    expect(live).toBeGreaterThan(24);
    const { page, errors } = await newVisitor(stack.browser, stack.api.url, PHONE);
    page.setDefaultTimeout(15_000);
    await signUpInBrowser(page, { ...newPerson('Oluwadamilare'), lastName: 'Adeyemi-Okonkwo-Nwachukwu' });
    const asked = watchSearches(page);
    await page.goto('/browse?location=Port%20Harcourt');
    await page.getByText(`${live} vehicles found`).waitFor();
    await scrollToTheEnd(page, asked, live);
    expect(await page.locator('.vehicle-card').first().textContent()).toContain('Port Harcourt');
    expect(errors).toEqual([]);
  });
});
