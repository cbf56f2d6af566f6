import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAuth, uploadedPhoto, validListing, type TestApi } from '../../../adapters/test/support/harness.js';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { type BrowserStack, newPerson, newVisitor, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';

/**
 * A seller opens Insights after buying a boost, on a 360 px phone and on a 1280 px screen: the totals,
 * the boost drawn on the charts' timeline, the figures as a table the keyboard opens. Then staff read
 * Analytics in the backoffice at both widths and download it as CSV.
 */
let api: TestApi;
let stack: BrowserStack;
let admin: { email: string; password: string; token: string };
const TITLE = '2022 Hyundai IONIQ 5 Long Range';
const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  stack = await startBrowserStack();
  api = stack.api;
  const password = `pw-${randomBytes(5).toString('hex')}`;
  await adminAuth().createUser({ email: api.staffEmails.admin, password, emailVerified: true, displayName: 'Amaka Admin' });
  admin = { email: api.staffEmails.admin, password, token: await emulatorSignIn(inject('authEmulatorHost'), api.staffEmails.admin, password) };
});
afterAll(() => stack?.close());

const call = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${api.url}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers } });

/** A live listing of the seller, and a Basic Boost for it paid in the sandbox checkout. */
async function boostedListing(token: string, email: string): Promise<number> {
  const imageUrls = [await uploadedPhoto(api.url, token, '#3a7')];
  const created = await call('/api/vehicles', token, { method: 'POST', body: JSON.stringify(validListing({ title: TITLE, imageUrls })) });
  const { id } = (await created.json()) as { id: number };
  expect((await call(`/api/admin/vehicles/${id}/approve`, admin.token, { method: 'POST' })).status).toBe(200);
  const purchase = await call('/api/advertising/purchase', token, { method: 'POST', body: JSON.stringify({ vehicleId: id, packageType: 'basic', paymentMethod: 'card', email }) });
  const paymentUrl = ((await purchase.json()) as { payment_url: string }).payment_url;
  await (await fetch(paymentUrl)).text();
  const paid = await fetch(`${api.url}/sandbox/paystack/checkout/${new URL(paymentUrl).pathname.split('/').pop()}/pay`, { method: 'POST', redirect: 'manual' });
  expect((await fetch(new URL(paid.headers.get('location')!), { redirect: 'manual' })).status).toBe(302);
  return id;
}

async function noOverflow(page: Page, width: number): Promise<void> {
  // Polled: a button's ripple (clipped by its own root on purpose) fades within half a second of a click.
  await expect.poll(async () => (await measureOverflow(page)).stickingOut, { timeout: 5_000 }).toEqual([]);
  expect((await measureOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
}

describe('a seller opens Insights after buying a boost', () => {
  it('shows the totals, the boost on the charts and every figure in a table, at 360 px and 1280 px', { timeout: 180_000 }, async () => {
    const seller = newPerson('Ngozi');
    const { page, context, errors } = await newVisitor(stack.browser, api.url);
    await signUpInBrowser(page, seller);
    const token = await emulatorSignIn(inject('authEmulatorHost'), seller.email, seller.password);
    const id = await boostedListing(token, seller.email);
    // Three visitors open it, one of them twice.
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.1']) {
      expect((await fetch(`${api.url}/api/vehicles/${id}`, { headers: { 'X-Forwarded-For': address } })).status).toBe(200);
    }
    await api.flushCounters();

    await page.goto('/profile?tab=listings');
    await page.getByRole('link', { name: `Insights for ${TITLE}` }).click();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    const totals = page.getByRole('region', { name: 'In 30 days' });
    await expect.poll(() => totals.locator('.insights-total').first().textContent()).toMatch(/^Views3 Unique visitors/);
    await expect.poll(() => page.getByRole('region', { name: 'Boosts' }).textContent()).toContain('Basic Boost');
    expect(await page.getByRole('region', { name: 'Boosts' }).textContent()).toContain('(running)');
    const charts = page.getByRole('img', { name: /in 30 days/ });
    await expect.poll(() => charts.count()).toBe(4);
    expect(await charts.first().getAttribute('aria-label')).toMatch(/^Views: 3 views in 30 days, most on .+ \(3\)\. Boosts ran on .+\.$/);
    // The boost's days are shaded on every chart, today's at the right end.
    expect(await page.locator('svg rect.insights-band').count()).toBe(4);
    await noOverflow(page, 360);
    await expect.poll(() => seriousA11yViolations(page)).toEqual([]);

    // The table, with the keyboard only.
    await page.getByText('Figures for each day (table)').focus();
    await page.keyboard.press('Enter');
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(31);
    expect(await rows.last().textContent()).toMatch(/^\d{1,2} \w{3}3000000Basic Boost$/);
    await noOverflow(page, 360);

    // A wide screen: two charts side by side.
    await page.setViewportSize(DESKTOP);
    const cards = page.locator('figure.insights-chart');
    const [views, shown] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(Math.abs(views!.y - shown!.y)).toBeLessThan(2);
    expect(shown!.x).toBeGreaterThan(views!.x + views!.width);
    await noOverflow(page, DESKTOP.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('staff read Analytics', () => {
  async function signInAtAdmin(page: Page): Promise<void> {
    await page.goto('/admin');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Pending Approval').first().waitFor();
  }

  it('by day and by month, readable at 360 px and 1280 px, with a CSV of the same figures', { timeout: 180_000 }, async () => {
    await api.flushCounters();
    await api.jobs.runNow('analytics-rollup');
    const { page, context } = await newVisitor(stack.browser, api.url, { width: 360, height: 780 });
    await signInAtAdmin(page);
    await page.goto('/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    // Counted by the roll-up job: wait for its run, which counted the seller's listing and boost.
    await expect.poll(async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      await page.getByText(/Lagos time, by day/).waitFor();
      return page.getByRole('img', { name: /^Ad revenue: ₦5,000 in all/ }).count();
    }, { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('img', { name: /^New listings: 1 in all; most in / }).count()).toBe(1);
    await expect.poll(() => page.getByText(/Counted at .+; counted again every 10 minutes\./).count()).toBe(1);
    await noOverflow(page, 360);
    await expect.poll(() => seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Last 12 months' }).click();
    await expect.poll(() => page.getByText(/by month\./).count()).toBe(1);
    await page.getByRole('button', { name: 'Show the figures as a table' }).click();
    const table = page.getByRole('table', { name: 'Marketplace figures per month' });
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 13 + 1);
    expect(await table.getByRole('row').last().textContent()).toContain('₦5,000');
    await noOverflow(page, 360);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^voltmarket-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-by-month\.csv$/);

    await page.setViewportSize(DESKTOP);
    // Three charts to a row once the page has laid itself out again for the wide screen (a re-render after the resize).
    const cards = page.locator('figure');
    await expect.poll(async () => {
      const [first, second, third] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox(), await cards.nth(2).boundingBox()];
      return Math.abs(first!.y - third!.y) < 2 && third!.x > second!.x;
    }, { timeout: 10_000 }).toBe(true);
    await noOverflow(page, DESKTOP.width);
    await context.close();
  });
});
