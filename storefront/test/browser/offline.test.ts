import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newPerson, PHONE, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';
import { publishListingsOfSeller } from './support/listings.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
let ids: number[];
let seller: { uid: string; token: string };
beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
  ({ ids, seller } = await publishListingsOfSeller(api, [
    { title: '2022 Hyundai IONIQ 5 Long Range', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', price: 38_500_000, year: 2022, vehicleType: 'car', description: 'Heat pump and V2L. Serviced at Lekki.' },
    { title: '2021 Nissan Leaf e+', brand: 'Nissan', model: 'Leaf', location: 'Abuja', price: 14_000_000, year: 2021, vehicleType: 'car' },
  ]));
});
afterAll(() => stack?.close());

/** A phone with the service worker allowed, as a buyer's is. */
async function phoneWithWorker(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: api.url, viewport: PHONE, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** The page is the app's (its buttons answer): a tap before that is a tap on plain HTML. */
const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });

const kept = (page: Page, cacheName: string) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), cacheName);

describe('pages a buyer looked at, without signal', () => {
  it('opens a vehicle page seen earlier, and the last search, with no network, saying it is a saved copy', async () => {
    const { context, page, errors } = await phoneWithWorker();
    // The first visit: the worker starts, and keeps the page it did not see load.
    await page.goto(`/vehicles/${ids[0]}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => kept(page, 'vehicle-pages'), { timeout: 15_000 }).toContain(`/vehicles/${ids[0]}`);
    // Then what the buyer opens is kept as it loads.
    await page.goto('/browse?location=Abuja');
    await page.getByText('1 vehicle found').waitFor();
    await page.goto(`/vehicles/${ids[1]}`);
    await expect.poll(() => kept(page, 'vehicle-pages')).toContain(`/vehicles/${ids[1]}`);
    await expect.poll(() => kept(page, 'pages')).toContain('/browse');

    await context.setOffline(true);
    await page.goto(`/vehicles/${ids[0]}`);
    await page.getByRole('heading', { level: 1, name: '2022 Hyundai IONIQ 5 Long Range' }).waitFor();
    expect(await page.locator('.vehicle-page__price').innerText()).toBe('₦38,500,000');
    await expect.poll(() => page.locator('.offline-note').allInnerTexts()).toEqual([expect.stringMatching(/^Offline — saved copy from \d\d:\d\d$/)]);
    // Its photo too, from the worker's copy.
    await expect.poll(() => page.locator('.gallery__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.goto('/browse?location=Abuja');
    await page.getByRole('link', { name: '2021 Nissan Leaf e+' }).waitFor();
    // A page never opened is not there: the browser's own offline page, not a wrong one.
    const never = await page.goto('/browse?location=Kano').then(() => 'opened', () => 'failed');
    expect(never).toBe('failed');

    await context.setOffline(false);
    await page.goto(`/vehicles/${ids[0]}`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /saved copy/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a chat message and an inquiry written without signal, shows them waiting across a reload, and delivers each once when the signal returns', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await phoneWithWorker();
    const buyer = newPerson('Chidinma');
    await signUpInBrowser(page, buyer);
    await page.goto(`/vehicles/${ids[0]}`);
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => kept(page, 'vehicle-pages'), { timeout: 15_000 }).toContain(`/vehicles/${ids[0]}`);
    // The buyer looks at the inquiry form (its code comes once, and is kept), then opens the chat.
    await page.getByRole('button', { name: 'Contact Seller' }).click();
    await page.getByRole('dialog', { name: 'Contact Seller' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Message Seller' }).click();
    const chat = page.getByRole('dialog', { name: /^Chat with Bola/ });
    await chat.getByText('No messages yet').waitFor();

    // The bus leaves the city: the message is kept, and says so.
    await context.setOffline(true);
    const text = 'Good evening! I can come to Lekki on Saturday to see the IONIQ 5.';
    await chat.getByRole('textbox', { name: 'Message' }).fill(text);
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await chat.locator('.messages li', { hasText: text }).getByText('Waiting to send').waitFor({ timeout: 15_000 });
    const waitingLine = page.locator('.outbox-note[role="status"]');
    await expect.poll(() => waitingLine.allInnerTexts()).toEqual(['1 message waiting to send: it goes as soon as you are back online.']);
    expect(await page.getByRole('alert').count()).toBe(0);

    // The phone reloads the page, still without signal: the saved copy says what still waits.
    await page.reload();
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: '2022 Hyundai IONIQ 5 Long Range' }).waitFor();
    await expect.poll(() => waitingLine.allInnerTexts(), { timeout: 15_000 }).toEqual(['1 message waiting to send: it goes as soon as you are back online.']);

    // An inquiry too, from the saved copy.
    await page.getByRole('button', { name: 'Contact Seller' }).click();
    const inquiry = page.getByRole('dialog', { name: 'Contact Seller' });
    // Without signal the profile cannot fill the form: the buyer types it.
    await inquiry.getByLabel('Your name').fill('Chidinma Eze');
    await inquiry.getByLabel('Email').fill(buyer.email);
    await inquiry.getByLabel('Phone').fill('0803 555 1234');
    const question = 'Are the customs papers for the IONIQ 5 in order?';
    await inquiry.getByLabel('Message').fill(question);
    await inquiry.getByRole('button', { name: 'Send Inquiry' }).click();
    await page.locator('.toast__title', { hasText: 'Inquiry waiting to send' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => waitingLine.allInnerTexts()).toEqual(['2 messages and inquiries waiting to send: they go as soon as you are back online.']);
    // The longest line fits a 360 px phone: nothing sticks out sideways.
    expect(await measureOverflow(page)).toEqual({ scrollWidth: 360, stickingOut: [] });

    // The signal returns: both go, once each, and the line goes.
    await context.setOffline(false);
    await expect.poll(() => waitingLine.count(), { timeout: 30_000 }).toBe(0);
    await page.locator('.toast__title', { hasText: 'Inquiry Sent Successfully!' }).waitFor();
    const buyerToken = await emulatorSignIn(inject('authEmulatorHost'), buyer.email, buyer.password);
    const thread = (await (await fetch(`${api.url}/api/chat/messages/${ids[0]}/${seller.uid}`, { headers: { Authorization: `Bearer ${buyerToken}` } })).json()) as { messages: { content: string }[] };
    expect(thread.messages.filter((m) => m.content === text)).toHaveLength(1);
    const inquiries = (await (await fetch(`${api.url}/api/vehicles/${ids[0]}/inquiries`, { headers: { Authorization: `Bearer ${seller.token}` } })).json()) as { message: string }[];
    expect(inquiries.filter((i) => i.message === question)).toHaveLength(1);
    // Nothing is left to send twice.
    expect(await page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('workbox-background-sync');
      open.onsuccess = () => {
        const request = open.result.transaction('requests').objectStore('requests').count();
        request.onsuccess = () => resolve(request.result);
      };
      open.onerror = () => resolve(-1);
    }))).toBe(0);

    // Opened again, the chat has the message, sent.
    await page.getByRole('button', { name: 'Message Seller' }).click();
    await chat.locator('.messages li', { hasText: text }).getByRole('img', { name: 'Sent' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a visitor\'s inquiry written without signal, signed out, and delivers it once when the signal returns', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await phoneWithWorker();
    await page.goto(`/vehicles/${ids[1]}`);
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Contact Seller' }).click();
    const inquiry = page.getByRole('dialog', { name: 'Contact Seller' });
    await inquiry.getByLabel('Your name').waitFor();

    await context.setOffline(true);
    const email = `oluwaseun.adebayo-williams.${Date.now()}@port-harcourt-electric-motors.example.ng`;
    const question = 'Good afternoon! Would you take ₦13,500,000 for the Leaf, with delivery to Port Harcourt?';
    await inquiry.getByLabel('Your name').fill('Oluwaseun Adebayo-Williams');
    await inquiry.getByLabel('Email').fill(email);
    await inquiry.getByLabel('Phone').fill('0803 555 1234');
    await inquiry.getByLabel('Message').fill(question);
    await inquiry.getByRole('button', { name: 'Send Inquiry' }).click();
    await page.locator('.toast__title', { hasText: 'Inquiry waiting to send' }).waitFor({ timeout: 15_000 });
    const waitingLine = page.locator('.outbox-note[role="status"]');
    await expect.poll(() => waitingLine.allInnerTexts()).toEqual(['1 inquiry waiting to send: it goes as soon as you are back online.']);
    expect(await measureOverflow(page)).toEqual({ scrollWidth: 360, stickingOut: [] });

    await context.setOffline(false);
    await expect.poll(() => waitingLine.count(), { timeout: 30_000 }).toBe(0);
    await page.locator('.toast__title', { hasText: 'Inquiry Sent Successfully!' }).first().waitFor();
    const inquiries = (await (await fetch(`${api.url}/api/vehicles/${ids[1]}/inquiries`, { headers: { Authorization: `Bearer ${seller.token}` } })).json()) as { buyerEmail: string; message: string }[];
    expect(inquiries.filter((i) => i.buyerEmail === email)).toEqual([expect.objectContaining({ message: question })]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is installable: a manifest with icons and the worker registered by the app, under the same policy', async () => {
    const { context, page, errors } = await phoneWithWorker();
    await page.goto('/');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; start_url: string; display: string; icons: { sizes: string }[] };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toMatch(/\/sw\.js$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
