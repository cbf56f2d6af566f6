import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../adapters/src/shared/processes.js';
import { signedInAs, type TestApi, uploadedPhoto, validListing } from '../../../adapters/test/support/harness.js';
import { type SmtpCatcher, startSmtpCatcher } from '../../../adapters/test/support/smtp-catcher.js';
import { measureOverflow } from './support/layout.js';
import { type BrowserStack, emulatorEmailLink, newPerson, newVisitor, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // A fixed port, so the links in the mail (PUBLIC_URL defaults to the API's own address) open this API.
  stack = await startBrowserStack({ SMTP_URL: smtp.url, PORT: String(await freePort()) });
  ({ api, browser } = stack);
});
afterAll(async () => {
  await stack?.close();
  await smtp?.close();
});

const badge = (page: Page) => page.getByTestId('notification-badge');

describe('a buyer in Kano saves a search on a phone and is told when a matching Leaf goes live', () => {
  it('saves "Leaf in Kano under ₦8M" in two taps, verifies the email, sees the alert live in the bell, gets the mail whose link opens the car, and stops it from the mail', { timeout: 180_000 }, async () => {
    const buyer = newPerson('Aminu');
    const { page, errors } = await newVisitor(browser, api.url);
    await signUpInBrowser(page, buyer);

    // Browse: the words and the price ceiling as a buyer types them, then Save Search, then Save.
    await page.goto('/browse');
    await page.getByLabel('Search').fill('leaf in kano');
    await page.getByLabel('Search').press('Enter');
    await page.getByRole('button', { name: /^Filters \(\d\)$/ }).click();
    await page.getByLabel('Max price (₦)').fill('8,000,000');
    await page.getByLabel('Max price (₦)').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '8000000');
    await page.getByRole('button', { name: 'Save Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect.poll(() => dialog.getByLabel('Name').inputValue(), { timeout: 10_000 }).toBe('Nissan Leaf in Kano under ₦8M');
    // A password sign-up has not verified its email yet: the dialog says alerts stay in the app until it is.
    await dialog.getByText(/is not verified yet/).waitFor();
    expect(await measureOverflow(page)).toEqual({ scrollWidth: 360, stickingOut: [] });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.toast__title', { hasText: 'Saved. We’ll tell you when a match appears.' }).waitFor();

    // Profile → Saved searches: "Verify my email"; the link the identity provider sent is opened in another tab.
    await page.goto('/profile?tab=saved-searches');
    await page.getByRole('heading', { name: 'Nissan Leaf in Kano under ₦8M' }).waitFor();
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await page.getByText(/We sent a link to/).waitFor();
    const { firebaseAuthEmulatorHost, firebaseProjectId } = api.config;
    const mailbox = await page.context().newPage();
    await mailbox.goto(await emulatorEmailLink(firebaseAuthEmulatorHost!, firebaseProjectId, buyer.email, 'VERIFY_EMAIL'));
    await mailbox.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => page.getByText('Alerts come in the app only for now.').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByRole('combobox', { name: /How to tell me/ }).inputValue()).toBe('instant');

    // A seller in Kano lists a matching Leaf (typed the way sellers type), and support approves it.
    const sellerEmail = `musa-${Date.now()}@example.test`;
    const seller = await signedInAs(sellerEmail);
    const imageUrls = [await uploadedPhoto(api.url, seller.token, '#1f6f8b')];
    const listed = await fetch(`${api.url}/api/vehicles`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seller.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(validListing({
        title: '2019 Nissan Leaf SV, 40 kWh', brand: 'Nissan', model: 'Leaf', location: 'Kano', price: 7_200_000, vehicleType: 'car', year: 2019, imageUrls,
      })),
    });
    expect(listed.status).toBe(201);
    const { id } = (await listed.json()) as { id: number };
    const support = await signedInAs(api.staffEmails.support);
    const approved = await fetch(`${api.url}/api/admin/vehicles/${id}/approve`, { method: 'POST', headers: { Authorization: `Bearer ${support.token}` } });
    expect(approved.status).toBe(200);

    // The bell counts it without a reload; its notification names the search and opens the listing.
    await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toBe('1');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByText('New match for "Nissan Leaf in Kano under ₦8M"').click();
    await page.waitForURL(`**/vehicles/${id}`);
    await page.getByRole('heading', { name: '2019 Nissan Leaf SV, 40 kWh' }).waitFor();

    // The mail: one, to the verified address, with the car, its price and city, a link that opens it, and a way to stop.
    const mail = await smtp.waitFor((m) => m.to.includes(buyer.email), 30_000);
    expect(mail.subject).toBe('New match: 2019 Nissan Leaf SV, 40 kWh, ₦7,200,000 in Kano');
    expect(mail.text).toContain('A new listing matches your saved search "Nissan Leaf in Kano under ₦8M".');
    expect(mail.html).toContain('₦7,200,000');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/saved-searches\/unsubscribe\?token=[^>]+>$/);
    const viewLink = /View it: (\S+)/.exec(mail.text)?.[1];
    expect(viewLink).toBe(`${api.url}/vehicles/${id}`);
    const reader = await newVisitor(browser, api.url);
    await reader.page.goto(viewLink!);
    await reader.page.getByRole('heading', { name: '2019 Nissan Leaf SV, 40 kWh' }).waitFor();
    await reader.page.getByText('₦7,200,000').first().waitFor();

    // Stop alerts from the mail, without signing in: the search is paused.
    const stopLink = /Stop alerts for this search: (\S+)/.exec(mail.text)?.[1];
    expect(stopLink).toMatch(/\/unsubscribe\?token=/);
    await reader.page.goto(stopLink!);
    await reader.page.getByText('Alerts paused for “Nissan Leaf in Kano under ₦8M”.').waitFor();
    await page.goto('/profile?tab=saved-searches');
    const row = page.getByRole('heading', { name: 'Nissan Leaf in Kano under ₦8M' }).locator('xpath=ancestor::li');
    await row.getByText(/Paused/).first().waitFor();
    expect(smtp.messagesTo(buyer.email)).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await reader.context.close();
    await page.context().close();
  });
});
