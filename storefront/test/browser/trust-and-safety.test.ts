import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAuth, liveListing, type TestApi } from '../../../adapters/test/support/harness.js';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { type BrowserStack, newPerson, newVisitor, type Person, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';

/**
 * Trust and safety as people meet it: a buyer on a 360 px phone reports a listing with stolen photos
 * in two taps; support takes it down and suspends the seller in the backoffice; the buyer is told,
 * and the seller sees why and until when. A seller's edit of a live listing waits for review while
 * buyers keep seeing the approved version, and "Show phone" gives the number on a tap.
 */
let api: TestApi;
let stack: BrowserStack;
let adminToken: string;
let support: { email: string; password: string };

const tokenOf = (p: Person) => emulatorSignIn(inject('authEmulatorHost'), p.email, p.password);

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await measureOverflow(page);
  expect(overflow.stickingOut).toEqual([]);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(360);
}

beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api } = stack);
  const password = `pw-${randomBytes(5).toString('hex')}`;
  await adminAuth().createUser({ email: api.staffEmails.admin, password, emailVerified: true, displayName: 'Amaka Admin' });
  await adminAuth().createUser({ email: api.staffEmails.support, password, emailVerified: true, displayName: 'Sola Support' });
  adminToken = await emulatorSignIn(inject('authEmulatorHost'), api.staffEmails.admin, password);
  support = { email: api.staffEmails.support, password };
});
afterAll(() => stack?.close());

describe('a report that is acted on', () => {
  it('a buyer reports stolen photos in two taps; support takes the listing down and suspends the seller; the buyer is told', { timeout: 240_000 }, async () => {
    const scammer = newPerson('Kelechi');
    const buyer = newPerson('Funmilayo');
    const scammers = await newVisitor(stack.browser, api.url);
    const buyers = await newVisitor(stack.browser, api.url);
    await signUpInBrowser(scammers.page, scammer);
    await signUpInBrowser(buyers.page, buyer);
    const scammerToken = await tokenOf(scammer);
    const title = '2023 Mercedes-Benz EQS 450+ — Lekki, urgent';
    const id = await liveListing(api.url, scammerToken, adminToken, { title, brand: 'Mercedes-Benz', model: 'EQS', location: 'Lagos', price: 61_000_000, sellerPhone: '0803 555 0199' });

    // The buyer: Show phone on a tap, then Report → Stolen photos.
    const page = buyers.page;
    await page.goto(`/vehicles/${id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Show phone and email' }).click();
    await page.getByRole('link', { name: /Call 0803 555 0199/ }).waitFor();
    await page.getByRole('button', { name: 'Report this listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByLabel('Note (optional)').fill('These are the photos of a car sold in Abuja last month.');
    await dialog.getByRole('button', { name: /Stolen photos/ }).click();
    await dialog.getByText('Our team will look at your report').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Support, in the backoffice: the report waits, grouped by listing; take it down and suspend for a week.
    const staff = await newVisitor(stack.browser, api.url, { width: 1366, height: 900 });
    await staff.page.goto('/admin');
    await staff.page.getByLabel('Email').fill(support.email);
    await staff.page.getByLabel('Password').fill(support.password);
    await staff.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await staff.page.getByRole('menuitem', { name: 'Reports' }).click();
    await staff.page.getByRole('row').filter({ hasText: title }).click();
    await staff.page.getByText('These are the photos of a car sold in Abuja last month.').waitFor();
    await staff.page.getByLabel('Decision').click();
    await staff.page.getByRole('option', { name: 'Suspend the account' }).click();
    await staff.page.getByLabel('Reason').fill('Photos copied from another seller’s listing');
    await staff.page.getByRole('button', { name: 'Decide and tell the reporters' }).click();
    await staff.page.getByText('Done. 1 reporter was told the outcome.').waitFor();
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    expect(staff.errors).toEqual([]);
    await staff.context.close();

    // The buyer hears of it; the listing is gone.
    await page.goto('/');
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.getByText('Thanks to your report, we took down the listing and suspended the account behind').waitFor();
    await page.goto(`/vehicles/${id}`);
    await page.getByRole('heading', { name: 'Vehicle Not Found' }).waitFor();

    // The seller sees why and until when, on every page.
    await scammers.page.goto('/profile?tab=listings');
    await scammers.page.getByTestId('suspension-banner').getByText('Photos copied from another seller’s listing').waitFor();
    expect(await scammers.page.getByTestId('suspension-banner').textContent()).toMatch(/suspended until \d{1,2} \w{3} 20\d\d\./);
    await noSidewaysScroll(scammers.page);
    expect(buyers.errors).toEqual([]);
    await buyers.context.close();
    await scammers.context.close();
  });
});

describe('an edit of a live listing', () => {
  it('waits for review while buyers see the approved version; the seller sees "Changes waiting for review"; support approves it beside the live version', { timeout: 180_000 }, async () => {
    const seller = newPerson('Obinna');
    const sellers = await newVisitor(stack.browser, api.url);
    await signUpInBrowser(sellers.page, seller);
    const id = await liveListing(api.url, await tokenOf(seller), adminToken, { title: '2022 Kia EV6 Wind', brand: 'Kia', model: 'EV6', price: 36_000_000, location: 'Abuja' });
    const page = sellers.page;
    await page.goto(`/edit-listing/${id}`);
    const titleField = page.getByLabel(/^Title/);
    await titleField.fill('2022 Kia EV6 GT-Line, one owner');
    await page.getByRole('button', { name: 'Update Listing' }).click();
    await page.getByText('Changes sent for review').waitFor();
    await page.goto(`/vehicles/${id}`);
    await page.getByTestId('changes-waiting').getByText('Changes waiting for review').waitFor();
    await page.getByRole('heading', { name: '2022 Kia EV6 Wind' }).waitFor();
    await noSidewaysScroll(page);
    // A visitor sees the approved title.
    const visitor = await newVisitor(stack.browser, api.url);
    await visitor.page.goto(`/vehicles/${id}`);
    await visitor.page.getByRole('heading', { name: '2022 Kia EV6 Wind' }).waitFor();
    expect(await visitor.page.getByText('2022 Kia EV6 GT-Line, one owner').count()).toBe(0);
    await visitor.context.close();

    // Support reads the change beside what is live, and approves it: now buyers see it.
    const staff = await newVisitor(stack.browser, api.url, { width: 1366, height: 900 });
    await staff.page.goto('/admin');
    await staff.page.getByLabel('Email').fill(support.email);
    await staff.page.getByLabel('Password').fill(support.password);
    await staff.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await staff.page.getByRole('menuitem', { name: 'Listing changes' }).click();
    await staff.page.getByRole('row').filter({ hasText: '2022 Kia EV6 Wind' }).click();
    const diff = staff.page.getByRole('table', { name: 'What is live now and what the seller wants' });
    await diff.getByRole('row', { name: /Title 2022 Kia EV6 Wind 2022 Kia EV6 GT-Line, one owner/ }).waitFor();
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page.getByRole('button', { name: 'Approve' }).click();
    await staff.page.getByText('Changes approved: buyers see them now, and the seller was told.').waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    const after = await newVisitor(stack.browser, api.url);
    await after.page.goto(`/vehicles/${id}`);
    await after.page.getByRole('heading', { name: '2022 Kia EV6 GT-Line, one owner' }).waitFor();
    await after.context.close();
    expect(sellers.errors).toEqual([]);
    await sellers.context.close();
  });
});
