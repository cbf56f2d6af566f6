import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, signedInUser } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newVisitor, seriousA11yViolations, startBrowserStack } from '../../../storefront/test/browser/support/browser.js';
import { publishListings } from '../../../storefront/test/browser/support/listings.js';

/** Staff see how much the marketplace talks (per day) and each listing's inquiries, never private chats. */
let stack: BrowserStack;
const DESKTOP = { width: 1366, height: 900 };
let support: { email: string; password: string };
let listingId: number;

beforeAll(async () => {
  stack = await startBrowserStack();
  const password = `pw-${randomBytes(5).toString('hex')}`;
  await adminAuth().createUser({ email: stack.api.staffEmails.support, password, emailVerified: true, displayName: 'Sola Support' });
  support = { email: stack.api.staffEmails.support, password };
  const [published] = await publishListings(stack.api, [{ title: '2023 Kia EV6 GT-Line', brand: 'Kia', model: 'EV6', location: 'Benin City', price: 61_000_000 }]);
  listingId = published!;
  const listing = (await (await fetch(`${stack.api.url}/api/vehicles/${listingId}`)).json()) as { sellerId: string };
  const buyer = await signedInUser({ name: 'Tunde Adeyemi' });
  const json = { 'Content-Type': 'application/json' };
  for (const message of ['Is it still available?', 'Can I see it on Saturday?']) {
    const res = await fetch(`${stack.api.url}/api/chat/send-message`, {
      method: 'POST', headers: { ...json, Authorization: `Bearer ${buyer.token}` }, body: JSON.stringify({ listingId, receiverId: listing.sellerId, message }),
    });
    expect(res.status).toBe(201);
  }
  const inquiry = await fetch(`${stack.api.url}/api/inquiries`, {
    method: 'POST', headers: json,
    body: JSON.stringify({ vehicleId: listingId, buyerName: 'Ngozi Chukwu-Okonkwo', buyerEmail: 'ngozi.chukwu-okonkwo@lagos-business-school.edu.ng', buyerPhone: '0809 555 0404', message: 'Has the battery ever been replaced? I am in Benin City too.' }),
  });
  expect(inquiry.status).toBe(201);
});

afterAll(async () => {
  await stack?.close();
});

describe('conversations in the backoffice', () => {
  it('the dashboard counts today\'s messages and inquiries, and a listing shows its inquiries but no chat', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await page.goto('/admin');
    await page.getByLabel('Email').fill(support.email);
    await page.getByLabel('Password').fill(support.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const activity = page.getByRole('region', { name: 'Messages and inquiries' });
    await activity.getByText('Last 14 days: 2 chat messages and 1 inquiry.').waitFor({ timeout: 15_000 });
    const today = activity.getByRole('table', { name: 'Messages and inquiries per day' }).getByRole('row').nth(1);
    expect((await today.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['2', '1']);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`/admin/vehicles/${listingId}/show`);
    const inquiries = page.getByRole('region', { name: 'Inquiries' });
    await inquiries.getByText('Ngozi Chukwu-Okonkwo', { exact: false }).waitFor();
    await inquiries.getByText('Has the battery ever been replaced? I am in Benin City too.').waitFor();
    await inquiries.getByRole('link', { name: '0809 555 0404' }).waitFor();
    expect(await page.getByText('Is it still available?').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
