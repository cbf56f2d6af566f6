import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, networkQuiet, newPerson, newVisitor, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { publishListings } from './support/listings.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let vehicleId: number;
const GOAL = 0.1;
const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  const listings = Array.from({ length: 8 }, (_, i) => ({
    title: `202${i % 5} Hyundai IONIQ 5 Long Range, one owner, home wallbox included, full service history at the dealer ${i}`,
    brand: 'Hyundai', model: 'IONIQ 5', location: ['Lagos', 'Port Harcourt', 'Benin City', 'Abuja'][i % 4], price: 28_500_000 + i * 10_000_000,
  }));
  [vehicleId] = (await publishListings(api, listings)) as [number];
});
afterAll(() => stack?.close());

/**
 * Collects layout shifts from the first paint on, as Chromium reports them, and scores them the way
 * CLS does: the largest burst (shifts less than 1 s apart, at most 5 s long), ignoring shifts right
 * after the visitor's own input.
 */
const OBSERVE_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        time: entry.startTime,
        value: entry.value,
        sources: (entry.sources || []).map((s) => s.node ? (s.node.nodeName + '.' + (s.node.className || '')).slice(0, 60) : '?'),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });`;

interface Shift {
  time: number;
  value: number;
  sources: string[];
}

function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0;
  let burst = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.time - last > 1000 || s.time - start > 5000) {
      burst = 0;
      start = s.time;
    }
    burst += s.value;
    last = s.time;
    worst = Math.max(worst, burst);
  }
  return worst;
}

/**
 * Opens a page with every API answer and photo held back a little, as on a mobile network, so each
 * loading state is on screen before the content replaces it; then scores the shifts.
 */
async function layoutShiftOf(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<{ cls: number; shifts: Shift[] }> {
  page.setDefaultTimeout(15_000);
  await page.addInitScript({ content: OBSERVE_SHIFTS });
  await page.route(/\/(api|uploads)\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto(path);
  await ready(page);
  await networkQuiet(page);
  await page.waitForTimeout(700);
  const shifts = await page.evaluate<Shift[]>('window.__shifts');
  if (process.env.CLS_DEBUG) process.stdout.write(`CLS ${path} ${cumulativeLayoutShift(shifts).toFixed(4)} ${JSON.stringify(shifts)}\n`);
  return { cls: cumulativeLayoutShift(shifts), shifts };
}

const viewports = [['a 360 px phone', undefined], ['a desktop', DESKTOP]] as const;

describe.each(viewports)('layout shift on %s', (_name, viewport) => {
  it.each([
    ['home', '/', (p: Page) => p.locator('.vehicle-card__title').first().waitFor()],
    ['browse', '/browse?location=Port%20Harcourt', (p: Page) => p.getByText('2 vehicles found').waitFor()],
    ['the 404 page', '/no-such-page', (p: Page) => p.getByRole('heading', { name: '404 Page Not Found' }).waitFor()],
    ['a missing vehicle', '/vehicles/987654', (p: Page) => p.getByRole('heading', { name: 'Vehicle Not Found' }).waitFor()],
    ['about', '/about', (p: Page) => p.getByRole('heading', { name: 'About Voltmarket' }).waitFor()],
    ['sign-in', '/auth', (p: Page) => p.getByRole('heading', { name: 'Welcome Back' }).waitFor()],
  ])('stays within %s', async (_page, path, ready) => {
    const { page } = await newVisitor(browser, api.url, viewport);
    const { cls, shifts } = await layoutShiftOf(page, path, ready);
    expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(GOAL);
  });

  it('stays within a vehicle page', async () => {
    const { page } = await newVisitor(browser, api.url, viewport);
    const { cls, shifts } = await layoutShiftOf(page, `/vehicles/${vehicleId}`, (p) => p.locator('h1', { hasText: 'Hyundai IONIQ 5' }).waitFor());
    expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(GOAL);
  });

  it('stays within the profile of a signed-in seller', async () => {
    const { page } = await newVisitor(browser, api.url, viewport);
    await signUpInBrowser(page, newPerson('Oluwaseun'));
    const { cls, shifts } = await layoutShiftOf(page, '/profile', (p) => p.getByRole('tab', { name: 'Overview' }).waitFor());
    expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(GOAL);
  });
});
