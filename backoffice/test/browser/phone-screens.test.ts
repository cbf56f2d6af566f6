import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDay } from '@voltmarket/domain';
import { seedDemoData } from '../../../adapters/src/postgres/seed/demo-data.js';
import { LocalDiskImageStore } from '../../../adapters/src/storage/photo-store.js';
import { adminAuth } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newVisitor, startBrowserStack } from '../../../storefront/test/browser/support/browser.js';
import { measureOverflow } from '../../../storefront/test/browser/support/layout.js';

/**
 * The backoffice on a 360 px phone over the demo marketplace, as a newcomer walks it: the dashboard's
 * and Advertising's money figures, the Rentals screen's filters and create button, and how Payments
 * says a buyer paid. Amounts and emails never break inside a word.
 */
let stack: BrowserStack;
let admin: { email: string; password: string };
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 900 };

async function signInAtAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Pending Approval').first().waitFor();
}

/** The pieces of the element's text matching `piece` that the layout splits over two lines or more. */
function splitOverLines(element: Locator, piece: RegExp): Promise<string[]> {
  return element.evaluate((el, source) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(new RegExp(source, 'gu'))) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  }, piece.source);
}

const NAIRA = /₦[\d,]+/;
/** An email's words: it may wrap before "@" or ".", never inside one. */
const EMAIL_WORD = /[^\s@.]+/;

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

beforeAll(async () => {
  stack = await startBrowserStack();
  admin = { email: stack.api.staffEmails.admin, password: `pw-${randomBytes(5).toString('hex')}` };
  await adminAuth().createUser({ email: admin.email, password: admin.password, emailVerified: true, displayName: 'Amaka Admin' });
  // The demo marketplace: ₦103,000 of boosts paid, some by bank transfer, and bookings in every state.
  await seedDemoData(stack.api.orm, new LocalDiskImageStore(path.join(stack.api.config.dataDir, 'uploads')));
});
afterAll(async () => {
  await stack?.close();
});

describe('the backoffice on a 360 px phone', () => {
  let phone: { page: Page; errors: string[] };
  beforeAll(async () => {
    phone = await newVisitor(stack.browser, stack.api.url, PHONE);
    // A step that cannot happen fails naming its locator, within the test's time.
    phone.page.setDefaultTimeout(10_000);
    await signInAtAdmin(phone.page);
  });

  it('writes the money figures on one line each, on the dashboard and on Advertising', async () => {
    const { page } = phone;
    await page.goto('/admin');
    const adRevenue = page.getByRole('link', { name: /^Ad revenue/ });
    await adRevenue.getByText('₦103,000', { exact: true }).waitFor();
    expect(await splitOverLines(adRevenue, NAIRA)).toEqual([]);
    expect((await measureOverflow(page)).stickingOut.filter((s) => s.includes('₦'))).toEqual([]);

    await page.goto('/admin/advertising');
    const figures = page.getByRole('region', { name: 'Advertising figures' });
    await figures.getByText('₦103,000', { exact: true }).waitFor();
    expect(await splitOverLines(figures, NAIRA)).toEqual([]);
    expect((await measureOverflow(page)).stickingOut.filter((s) => s.includes('₦'))).toEqual([]);
  });

  it('Rentals: the bookings start on the first screen, the create button covers no field, and the date filters say what they match', async () => {
    const { page } = phone;
    await page.goto('/admin/rentals');
    const bookings = page.locator('li', { has: page.locator('.RaSimpleList-tertiary') });
    await bookings.first().waitFor();
    const first = (await bookings.first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(PHONE.height);

    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Stay on or after' }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Stay on or before' }).click();
    const create = (await page.getByRole('link', { name: 'Create Rental Vehicle' }).boundingBox())!;
    for (const label of ['Search renter email or vehicle title', 'Stay on or after', 'Stay on or before']) {
      const field = (await page.getByLabel(label).boundingBox())!;
      expect(overlaps(create, field), label).toBe(false);
    }
    expect((await measureOverflow(page)).stickingOut).toEqual([]);

    // A booking matches when its stay holds a day in the range: of the demo's, only the request for days 10 to 12 holds day 11 or later.
    await page.getByLabel('Stay on or after').fill(addDays(lagosDay(new Date()), 11));
    await expect.poll(() => bookings.count()).toBe(1);
    expect(await bookings.first().textContent()).toContain('2023 Tesla Model 3');
    expect(await splitOverLines(bookings.first(), NAIRA)).toEqual([]);
    expect(await splitOverLines(bookings.first(), EMAIL_WORD)).toEqual([]);
  });

  it('Payments says how each buyer paid, never "Bank transfer (card)"', async () => {
    const { page } = phone;
    await page.goto('/admin/payments');
    const payments = page.locator('li', { has: page.locator('.RaSimpleList-tertiary') });
    const bankTransfer = payments.filter({ hasText: 'vm-demo-0001' });
    await bankTransfer.waitFor();
    expect(await bankTransfer.textContent()).toContain('Paid · Bank transfer');
    expect(await payments.allTextContents()).not.toContainEqual(expect.stringContaining('(card)'));
    expect(await splitOverLines(bankTransfer, /vm-demo-\d+|₦[\d,]+/)).toEqual([]);
    expect((await measureOverflow(page)).stickingOut).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});

describe('Payments on a laptop', () => {
  it('names the method as paid, with sellers\' emails broken only between their words', async () => {
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await signInAtAdmin(page);
    await page.goto('/admin/payments');
    const row = page.getByRole('row').filter({ hasText: 'vm-demo-0001' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(5).textContent()).toBe('Bank transfer');
    expect(await page.getByRole('table').textContent()).not.toContain('(card)');
    const emails = page.getByRole('table').locator('td p', { hasText: '@' });
    expect(await emails.count()).toBeGreaterThan(0);
    for (const email of await emails.all()) expect(await splitOverLines(email, EMAIL_WORD), (await email.textContent()) ?? '').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
