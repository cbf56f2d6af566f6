import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBenchListings } from '../../../adapters/bench/bench-data.js';
import { type BrowserStack, networkQuiet, newVisitor, PHONE, startBrowserStack } from './support/browser.js';

let stack: BrowserStack;
let live: number;

beforeAll(async () => {
  stack = await startBrowserStack();
  const db = new pg.Client({ connectionString: stack.api.databaseUrl });
  await db.connect();
  // Listings of every city and brand of the catalogue, some boosted: five pages of results and more.
  await loadBenchListings(db, 130);
  live = Number((await db.query<{ n: string }>(`select count(*) as n from listings where status = 'active'`)).rows[0]!.n);
  await db.end();
});
afterAll(() => stack?.close());

describe('scrolling Browse to the end on a phone', () => {
  it('loads page after page as the list ends, each listing once, continuing from the cursor the server gave', async () => {
    expect(live).toBeGreaterThan(4 * 24);
    const { page, errors } = await newVisitor(stack.browser, stack.api.url, PHONE);
    page.setDefaultTimeout(15_000);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/vehicles') asked.push(new URL(r.url()).search);
    });
    await page.goto('/browse');
    await page.getByText(`${live} vehicles found`).waitFor();
    const cards = page.locator('.vehicle-grid a[href^="/vehicles/"]');
    const all = page.getByText(`Showing ${live} of ${live}`);
    await page.getByText(`Showing 24 of ${live}`).waitFor();
    for (let swipes = 0; swipes < 20 && !(await all.isVisible()); swipes++) {
      // The buyer swipes to the foot of the list; the next page comes without a tap.
      await page.locator('.more-results').scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await networkQuiet(page, 300);
    }
    await all.waitFor();
    expect(await page.getByRole('button', { name: 'Load more vehicles' }).count()).toBe(0);
    await expect.poll(() => cards.count()).toBe(live);
    const links = await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(links).size).toBe(live);
    expect(links).toHaveLength(live);
    const pages = asked.filter((q) => q.includes('limit=24'));
    expect(pages).toHaveLength(Math.ceil(live / 24));
    expect(pages.slice(1).every((q) => /[?&]cursor=[\w-]+/.test(q) && !q.includes('offset='))).toBe(true);
    expect(errors).toEqual([]);
  });
});
