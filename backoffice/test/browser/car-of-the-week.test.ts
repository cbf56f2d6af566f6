import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, listingBy, signedInUser } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newVisitor, seriousA11yViolations, startBrowserStack } from '../../../storefront/test/browser/support/browser.js';
import { adminToken, publishListings } from '../../../storefront/test/browser/support/listings.js';

/**
 * Support makes a listing Car of the Week from /admin in Chromium, against the real API, Postgres
 * and Auth emulator; a visitor's storefront then shows the badge on that card only.
 */
let stack: BrowserStack;
const DESKTOP = { width: 1366, height: 900 };
let support: { email: string; password: string };
let ids: number[];

beforeAll(async () => {
  stack = await startBrowserStack();
  const password = `pw-${randomBytes(5).toString('hex')}`;
  await adminAuth().createUser({ email: stack.api.staffEmails.support, password, emailVerified: true, displayName: 'Sola Support' });
  support = { email: stack.api.staffEmails.support, password };
  ids = await publishListings(stack.api, [
    { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000 },
    { title: '2021 Zero Motorcycles SR/F Premium', vehicleType: 'motorcycle', brand: 'Zero Motorcycles', model: 'SR/F', location: 'Kano', price: 19_000_000 },
    { title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Abuja', price: 61_000_000 },
  ]);
});

afterAll(async () => {
  await stack?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(support.email);
  await page.getByLabel('Password').fill(support.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Pending Approval').waitFor({ timeout: 15_000 });
}

const carOfTheWeekCard = (page: Page) => page.getByRole('region', { name: 'Car of the Week' });

describe('Car of the Week in the backoffice', () => {
  it('support makes a live listing Car of the Week; the dashboard says who, and a visitor sees the badge on that card only', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await signIn(page);
    // No pick yet: the newest of the equally viewed new listings.
    await carOfTheWeekCard(page).getByRole('link', { name: '2023 Kia EV6 GT-Line' }).waitFor();
    await carOfTheWeekCard(page).getByText(/Most viewed this week/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/admin/vehicles');
    const zeroRow = page.getByRole('row').filter({ hasText: '2021 Zero Motorcycles SR/F Premium' });
    await zeroRow.getByRole('button', { name: 'Make Car of the Week' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Make “2021 Zero Motorcycles SR/F Premium” this week\'s Car of the Week?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Make Car of the Week' }).click();
    await page.getByText('Car of the Week Set: “2021 Zero Motorcycles SR/F Premium” is this week\'s Car of the Week.').waitFor();
    await zeroRow.getByText('Car of the week').waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Car of the week' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/admin');
    await carOfTheWeekCard(page).getByRole('link', { name: '2021 Zero Motorcycles SR/F Premium' }).waitFor();
    await carOfTheWeekCard(page).getByText(/^Picked by Sola Support on /).waitFor();

    const visitor = await newVisitor(stack.browser, stack.api.url);
    await visitor.page.goto('/browse');
    await visitor.page.getByText('3 vehicles found').waitFor();
    const badged = visitor.page.locator('article.vehicle-card').filter({ hasText: 'CAR OF THE WEEK' });
    expect(await badged.count()).toBe(1);
    expect(await badged.locator('.vehicle-card__title').innerText()).toBe('2021 Zero Motorcycles SR/F Premium');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the action on live listings only, names the pick it replaces, and says why it failed', { timeout: 120_000 }, async () => {
    const seller = await signedInUser({ name: 'Bola Ade' });
    const res = await fetch(`${stack.api.url}/api/vehicles`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seller.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(await listingBy(stack.api.url, seller.token, { title: '2024 Electric Bikes NG City Cruiser', vehicleType: 'bike', brand: 'Electric Bikes NG', model: 'City Cruiser', location: 'Jos', price: 1_250_000 })),
    });
    const pending = ((await res.json()) as { id: number }).id;
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await signIn(page);

    await page.goto(`/admin/vehicles/${pending}/show`);
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    expect(await page.getByRole('button', { name: 'Make Car of the Week' }).count()).toBe(0);

    await page.goto(`/admin/vehicles/${ids[0]}/show`);
    await page.getByRole('button', { name: 'Make Car of the Week' }).click();
    await page.getByRole('dialog').getByText('replaces “2021 Zero Motorcycles SR/F Premium”, picked by Sola Support.', { exact: false }).waitFor();
    // Taken down by another moderator while this one was deciding.
    const reject = await fetch(`${stack.api.url}/api/admin/vehicles/${ids[0]}/reject`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await adminToken(stack.api)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Sold elsewhere' }),
    });
    expect(reject.status).toBe(200);
    await page.getByRole('dialog').getByRole('button', { name: 'Make Car of the Week' }).click();
    await page.getByText(`Car of the Week Failed: Listing ${ids[0]} is not live, so it cannot be car of the week.`).waitFor();

    await page.goto(`/admin/vehicles/${ids[1]}/show`);
    await page.getByRole('button', { name: 'Withdraw Car of the Week' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(/^Car of the Week Withdrawn: “2021 Zero Motorcycles SR\/F Premium”/).waitFor();
    await page.getByRole('button', { name: 'Make Car of the Week' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
