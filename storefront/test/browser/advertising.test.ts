import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAuth, uploadedPhoto, validListing, type TestApi } from '../../../adapters/test/support/harness.js';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { type BrowserStack, newPerson, newVisitor, type Person, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';

/**
 * A seller buys a boost as a new user would: /advertise, the sandbox checkout (Paystack's shapes,
 * its redirect and its signed webhook), the payment result overlay, the listing rising on Browse
 * with PREMIUM; a declined payment boosts nothing; an admin's refund in the backoffice ends it.
 */
let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let admin: { email: string; password: string; token: string };

beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  const password = `pw-${randomBytes(5).toString('hex')}`;
  await adminAuth().createUser({ email: api.staffEmails.admin, password, emailVerified: true, displayName: 'Amaka Admin' });
  admin = { email: api.staffEmails.admin, password, token: await emulatorSignIn(inject('authEmulatorHost'), api.staffEmails.admin, password) };
});
afterAll(() => stack?.close());

/** A live listing of the signed-up seller, approved by the admin. */
async function listFor(seller: Person, overrides: Record<string, unknown>): Promise<number> {
  const token = await emulatorSignIn(inject('authEmulatorHost'), seller.email, seller.password);
  const imageUrls = [await uploadedPhoto(api.url, token, '#3a7')];
  const res = await fetch(`${api.url}/api/vehicles`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(validListing({ imageUrls, ...overrides })),
  });
  if (res.status !== 201) throw new Error(`listing failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  const approved = await fetch(`${api.url}/api/admin/vehicles/${id}/approve`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` } });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status}`);
  return id;
}

/** The cards on Browse for Port Harcourt, top to bottom: title and whether it carries PREMIUM. */
async function portHarcourtCards(page: Page, sort = ''): Promise<{ title: string; premium: boolean; promoted: boolean }[]> {
  await page.goto(`/browse?location=Port%20Harcourt${sort ? `&sort=${sort}` : ''}`);
  // A client-side navigation shows skeleton cards first; read the cards only once the results are in.
  const cards = page.locator('.vehicle-card:not(.vehicle-card--skeleton)');
  await cards.first().waitFor();
  await page.locator('.vehicle-card--skeleton').first().waitFor({ state: 'detached' });
  return cards.evaluateAll((cards) => cards.map((card) => ({
    title: card.querySelector('h3, h2')?.textContent?.trim() ?? '',
    premium: card.textContent?.includes('PREMIUM') ?? false,
    promoted: card.classList.contains('vehicle-card--promoted') && (card.textContent?.includes('Promoted') ?? false),
  })));
}

describe('a seller boosts a listing', () => {
  it('pays Premium Spotlight in the sandbox, sees it succeed, and the listing takes the promoted slot on Browse with PREMIUM, the buyer\'s sort untouched; Decline boosts nothing; a refund ends it', { timeout: 180_000 }, async () => {
    const seller = newPerson('Obinna');
    const { page, errors } = await newVisitor(browser, api.url);
    await signUpInBrowser(page, seller);
    // The listing to boost is the oldest: unboosted, it would be last.
    const leaf = await listFor(seller, { title: '2021 Nissan Leaf SV Plus', brand: 'Nissan', model: 'Leaf', location: 'Port Harcourt', price: 14_500_000 });
    const kona = await listFor(seller, { title: '2022 Hyundai Kona Electric Limited', brand: 'Hyundai', model: 'Kona Electric', location: 'Port Harcourt', price: 23_800_000 });
    await listFor(seller, { title: '2023 Tesla Model Y Long Range', brand: 'Tesla', model: 'Model Y', location: 'Port Harcourt', price: 61_000_000 });
    expect((await portHarcourtCards(page)).map((c) => c.title).at(-1)).toBe('2021 Nissan Leaf SV Plus');

    await page.goto('/advertise');
    await page.getByRole('button', { name: 'Get Started with Premium Spotlight' }).click();
    const dialog = page.getByRole('dialog', { name: 'Boost Your Listing' });
    await dialog.getByLabel('Listing to boost').selectOption(String(leaf));
    await dialog.getByLabel('Payment method').selectOption('card');
    await expect.poll(() => seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();

    // The sandbox checkout, as Paystack's would be: the server's amount, whatever the page showed.
    await page.waitForURL('**/sandbox/paystack/checkout/**');
    await page.getByText('NGN 12,000.00').waitFor();
    await page.getByRole('button', { name: 'Pay ₦12,000.00' }).click();

    // Back through the callback to the overlay, which shows what the server says.
    await page.waitForURL((url) => url.searchParams.get('payment') === 'success');
    const overlay = page.getByRole('dialog', { name: 'Payment Successful!' });
    await overlay.waitFor();
    await overlay.getByText(/Premium Spotlight/).first().waitFor();
    await overlay.getByRole('link', { name: 'View Listing' }).waitFor();
    await page.locator('.toast__title', { hasText: 'Payment Successful!' }).waitFor();

    const ranked = await portHarcourtCards(page);
    expect(ranked[0]).toEqual({ title: '2021 Nissan Leaf SV Plus', premium: true, promoted: true });
    expect(ranked.slice(1).every((c) => !c.premium && !c.promoted)).toBe(true);
    // "Price Highest to Lowest" is exactly that below the slot: the boost does not buy its way up the list.
    const dearestFirst = await portHarcourtCards(page, 'price_desc');
    expect(dearestFirst.map((c) => c.title)).toEqual(['2021 Nissan Leaf SV Plus', '2023 Tesla Model Y Long Range', '2022 Hyundai Kona Electric Limited']);
    expect(dearestFirst.map((c) => c.promoted)).toEqual([true, false, false]);

    // Profile shows the boost and its days left.
    await page.goto('/profile?tab=listings');
    const row = page.locator('.my-listing', { hasText: '2021 Nissan Leaf SV Plus' });
    await row.getByText('Premium Spotlight').first().waitFor();
    await row.getByText('14 days left').waitFor();

    // A declined card: the failed overlay, and nothing boosted.
    await page.goto(`/advertise?vehicle=${kona}&package=basic`);
    const again = page.getByRole('dialog', { name: 'Boost Your Listing' });
    await again.waitFor();
    expect(await again.getByLabel('Listing to boost').inputValue()).toBe(String(kona));
    await again.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL('**/sandbox/paystack/checkout/**');
    await page.getByText('NGN 5,000.00').waitFor();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL((url) => url.searchParams.get('payment') === 'failed');
    await page.getByRole('dialog', { name: 'Payment Failed' }).waitFor();
    expect((await portHarcourtCards(page)).find((c) => c.title === '2022 Hyundai Kona Electric Limited')?.premium).toBe(false);

    // An admin refunds the Premium payment in the backoffice: the badge goes at once.
    const desk = await newVisitor(browser, api.url, { width: 1366, height: 900 });
    await desk.page.goto('/admin');
    await desk.page.getByLabel('Email').fill(admin.email);
    await desk.page.getByLabel('Password').fill(admin.password);
    await desk.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The dashboard counts the payment among the ad figures; then to Payments through the menu.
    await desk.page.getByRole('menuitem', { name: 'Payments' }).or(desk.page.getByRole('link', { name: 'Payments', exact: true })).first().click();
    await desk.page.waitForURL(/\/admin\/payments/);
    const paidRow = desk.page.getByRole('row').filter({ hasText: '2021 Nissan Leaf SV Plus' });
    await paidRow.first().waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      throw new Error(`No payment row; the page shows: ${(await desk.page.locator('body').textContent())?.replace(/\s+/g, ' ')}`, { cause: error });
    });
    await paidRow.getByRole('button', { name: 'Refund' }).click();
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Refund payment' }).click();
    await desk.page.getByText(/Payment Refunded/).waitFor();

    expect((await portHarcourtCards(page)).find((c) => c.title === '2021 Nissan Leaf SV Plus')).toMatchObject({ premium: false, promoted: false });
    expect(errors).toEqual([]);
    expect(desk.errors).toEqual([]);
  });
});
