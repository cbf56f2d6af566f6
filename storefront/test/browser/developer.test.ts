import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { adminAuth, useEmulator, validListing } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, networkQuiet, newVisitor, PHONE, seriousA11yViolations, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';
import { adminToken } from './support/listings.js';

/**
 * A verified dealer on a 360 px phone makes an API key in Profile → Developer, their own software
 * lists a car with it, they revoke it, and they add webhook endpoints: the secrets are shown once
 * and never again, and a test event reaches their receiver signed.
 */
let stack: BrowserStack;
let page: Page;
let errors: string[];
const tag = randomBytes(4).toString('hex');
const dealer = {
  firstName: 'Oluwatobilobafunmilayo',
  lastName: 'Okonkwo-Adebayo-Chukwuemeka',
  email: `fleet.sales.and.after.sales.support.${tag}@bello-electric-motors-port-harcourt.com.ng`,
  password: `pw-${tag}`,
  businessName: 'Bello & Okonkwo-Adebayo Electric Vehicles and Charging Infrastructure Nigeria Ltd',
};
let dealerToken: string;

/** The dealer's own software, receiving webhooks on this machine (the test API allows loopback over http). */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.end('ok');
  });
});
let receiverUrl: string;
const HTTPS_ENDPOINT = 'https://dealer.example.ng/voltmarket/webhooks';

const json = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

async function call(method: string, path: string, token: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${stack.api.url}${path}`, { method, headers: json(token), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/voltmarket/webhooks/${'inventory-and-leads/'.repeat(3)}receive`;
  stack = await startBrowserStack({ WEBHOOK_TEST_RECEIVER: 'loopback' });
  const { uid } = await adminAuth().createUser({ email: dealer.email, password: dealer.password, displayName: `${dealer.firstName} ${dealer.lastName}`, emailVerified: true });
  dealerToken = await emulatorSignIn(useEmulator().host, dealer.email, dealer.password);
  await call('POST', '/api/auth/sync', dealerToken, { firstName: dealer.firstName, lastName: dealer.lastName });
  // A dealership verified by staff makes the dealer a verified seller.
  await call('PUT', '/api/auth/dealer', dealerToken, { businessName: dealer.businessName, cacNumber: 'RC 1234567' });
  await call('POST', `/api/admin/dealer-requests/${uid}/verify`, await adminToken(stack.api));

  ({ page, errors } = await newVisitor(stack.browser, stack.api.url, PHONE));
  await page.goto('/auth');
  await page.getByLabel('Email').fill(dealer.email);
  await page.getByLabel('Password', { exact: true }).fill(dealer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const keyRow = (name: string): Locator => page.locator('li.developer-item').filter({ has: page.getByRole('heading', { name, exact: true }) });
const endpointRow = (url: string): Locator => page.locator('li.developer-item').filter({ has: page.getByRole('heading', { name: url, exact: true }) });

/** The focused element, named as a person using a screen reader would hear it. */
const focused = (p: Page): Promise<string> =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing';
    const label = el.getAttribute('aria-label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ?? el.closest('label')?.textContent ?? el.textContent;
    return `${el.tagName.toLowerCase()}${el instanceof HTMLInputElement ? `[${el.type}]` : ''} ${label?.trim()}`;
  });

/** Presses Tab until the focus reaches `target`, at most `limit` times: it is reached with the keyboard alone. */
async function tabTo(p: Page, target: Locator, limit = 8): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await p.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach the control within ${limit} presses; the focus is on ${await focused(p)}`);
}

async function jpeg(): Promise<Blob> {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 110, b: 160 } } }).jpeg().toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

let secret: string;

describe('Profile → Developer for a verified dealer on a 360 px phone', () => {
  it('starts empty, makes an "Inventory sync" key that may create listings, shows its secret once, and lists only its prefix', { timeout: 60_000 }, async () => {
    await page.goto('/profile?tab=developer');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByText('No API keys yet').waitFor();
    await page.getByText('No webhook endpoints yet').waitFor();

    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill('Inventory sync');
    expect(await dialog.getByRole('checkbox', { name: 'Read listings' }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Create and edit listings' }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByRole('heading', { name: 'Your new key “Inventory sync”' }).waitFor();
    await shown.getByText('Copy it now: you will not see it again.').waitFor();
    secret = await shown.getByLabel('Your API key').inputValue();
    expect(secret).toMatch(/^vm_live_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('Copied to your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // The secret dialog on the phone, with the longest line it has: nothing sideways.
    expect(await measureOverflow(page)).toEqual({ scrollWidth: PHONE.width, stickingOut: [] });
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = keyRow('Inventory sync');
    await row.getByText(`${secret.slice(0, 'vm_live_'.length + 4)}…`).waitFor();
    expect(await row.getByRole('list', { name: 'Permissions' }).getByRole('listitem').allInnerTexts()).toEqual(['Read listings', 'Create and edit listings']);
    await row.getByText(/Never used/).waitFor();
    // Gone for good: neither in the page's text nor anywhere in its markup, nor after a reload.
    expect(await page.locator('body').innerText()).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await keyRow('Inventory sync').waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('lets the dealer\'s software upload a photo and list a car with the key, and the key then shows when it was last used', { timeout: 60_000 }, async () => {
    const withKey = { Authorization: `Bearer ${secret}` };
    const form = new FormData();
    form.append('image', await jpeg(), 'byd-atto-3.jpg');
    const upload = await fetch(`${stack.api.url}/api/upload/image`, { method: 'POST', headers: withKey, body: form });
    expect(upload.status).toBe(201);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const listing = validListing({ title: '2023 BYD Atto 3 Extended Range', brand: 'BYD', model: 'Atto 3', location: 'Port Harcourt', price: 41_750_000, imageUrls: [imageUrl] });
    const created = await fetch(`${stack.api.url}/api/vehicles`, { method: 'POST', headers: { ...withKey, 'Content-Type': 'application/json' }, body: JSON.stringify(listing) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const mine = await fetch(`${stack.api.url}/api/vehicles/my-listings`, { headers: withKey });
    expect(((await mine.json()) as { id: number; status: string }[]).map((l) => [l.id, l.status])).toEqual([[id, 'pending']]);

    await page.reload();
    const row = keyRow('Inventory sync');
    await row.getByText(/Last used/).waitFor();
    expect(await row.innerText()).not.toContain('Never used');
  });

  it('revokes the key once asked: the row says Revoked and the API refuses the secret', { timeout: 60_000 }, async () => {
    const row = keyRow('Inventory sync');
    await row.getByRole('button', { name: 'Revoke “Inventory sync”' }).click();
    const question = row.getByRole('group', { name: 'Revoke “Inventory sync”?' });
    await question.getByText('Software using it stops working at once.').waitFor();
    await question.getByRole('button', { name: 'Yes, revoke' }).click();
    await row.locator('.status', { hasText: 'Revoked' }).waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);

    const refused = await fetch(`${stack.api.url}/api/vehicles/my-listings`, { headers: { Authorization: `Bearer ${secret}` } });
    const form = new FormData();
    form.append('image', await jpeg(), 'byd-atto-3.jpg');
    const upload = await fetch(`${stack.api.url}/api/upload/image`, { method: 'POST', headers: { Authorization: `Bearer ${secret}` }, body: form });
    expect([refused.status, upload.status]).toEqual([401, 401]);
    expect(((await upload.json()) as { error: { code: string } }).error.code).toBe('NOT_SIGNED_IN');
  });

  it('adds an https:// endpoint for "Listing approved" and shows its signing secret once', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    // The screen takes https:// only, as production does: the test's plain-http receiver is added over the API below.
    await dialog.getByLabel('Address (URL)').fill(receiverUrl);
    await dialog.getByRole('checkbox', { name: 'Listing approved' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('The address must start with https://').waitFor();

    await dialog.getByLabel('Address (URL)').fill(HTTPS_ENDPOINT);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Your signing secret' });
    await shown.getByRole('heading', { name: 'Endpoint added' }).waitFor();
    const signingSecret = await shown.getByLabel('Signing secret').inputValue();
    expect(signingSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = endpointRow(HTTPS_ENDPOINT);
    expect(await row.getByRole('list', { name: 'Events' }).getByRole('listitem').allInnerTexts()).toEqual(['Listing approved']);
    await row.locator('.status', { hasText: 'Active' }).waitFor();
    expect(await page.content()).not.toContain(signingSecret);
    await page.reload();
    await endpointRow(HTTPS_ENDPOINT).waitFor();
    expect(await page.content()).not.toContain(signingSecret);
  });

  it('sends a test event to the dealer\'s receiver, signed with its secret, and lists it Delivered with 200', { timeout: 60_000 }, async () => {
    const made = (await call('POST', '/api/developer/webhooks', dealerToken, { url: receiverUrl, events: ['listing.approved'] })) as { secret: string };
    await page.reload();
    const row = endpointRow(receiverUrl);
    // Deliveries open first: what the dealer watches fills in as the event goes.
    await row.getByRole('button', { name: 'Deliveries' }).click();
    await row.getByText('No deliveries yet').waitFor();
    received.length = 0;
    await row.getByRole('button', { name: `Send a test event to ${receiverUrl}` }).click();
    await page.locator('.toast__title', { hasText: 'Test event sent' }).waitFor();

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [ping] = received;
    expect(ping!.headers['voltmarket-event']).toBe('ping');
    const [t, v1] = String(ping!.headers['voltmarket-signature']).split(',').map((part) => part.split('=')[1]!);
    const expected = createHmac('sha256', made.secret).update(`${t}.${ping!.body}`).digest();
    expect(timingSafeEqual(expected, Buffer.from(v1!, 'hex'))).toBe(true);
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(ping!.body)).toMatchObject({ type: 'ping' });

    const delivery = row.locator('table.deliveries tbody tr');
    await expect.poll(() => delivery.locator('td[data-label="Status"]').allInnerTexts(), { timeout: 15_000 }).toEqual(['Delivered']);
    expect(await delivery.locator('th[data-label="Event"]').innerText()).toBe('Test event');
    expect(await delivery.locator('td[data-label="Response"]').innerText()).toBe('200');
    expect(await delivery.locator('td[data-label="Attempts"]').innerText()).toBe('1');
  });

  it('creates a key with the keyboard alone, and Escape closes the dialog', { timeout: 60_000 }, async () => {
    const opener = page.getByRole('button', { name: 'Create key' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel('Name'));
    await page.keyboard.type('Website stock feed');
    await tabTo(page, dialog.getByRole('checkbox', { name: 'Create and edit listings' }));
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('checkbox', { name: 'Create and edit listings' }).isChecked()).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Create key' }));
    await page.keyboard.press('Enter');

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const field = shown.getByLabel('Your API key');
    await field.waitFor();
    // Ready to copy with the keyboard: focused and selected.
    expect(await field.evaluate((el: HTMLTextAreaElement) => el === document.activeElement && el.selectionEnd - el.selectionStart === el.value.length)).toBe(true);
    await tabTo(page, shown.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await shown.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button Create key');
    expect(await keyRow('Website stock feed').getByRole('list', { name: 'Permissions' }).getByRole('listitem').allInnerTexts()).toEqual(['Read listings', 'Create and edit listings']);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel('Name'));
    await page.keyboard.type('Never made');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button Create key');
    expect(await keyRow('Never made').count()).toBe(0);
  });

  it('fits the 360 px screen with the long names and addresses, and axe finds nothing serious', { timeout: 60_000 }, async () => {
    await page.reload();
    await endpointRow(receiverUrl).getByRole('button', { name: 'Deliveries' }).click();
    await endpointRow(receiverUrl).locator('table.deliveries').waitFor();
    await page.getByRole('heading', { name: `${dealer.firstName} ${dealer.lastName}` }).waitFor();
    await page.getByText(dealer.email).waitFor();
    await networkQuiet(page);
    expect(await measureOverflow(page)).toEqual({ scrollWidth: PHONE.width, stickingOut: [] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('dialog', { name: 'Create an API key' }).waitFor();
    expect(await measureOverflow(page)).toEqual({ scrollWidth: PHONE.width, stickingOut: [] });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });
});
