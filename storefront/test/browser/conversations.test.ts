import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { uploadedPhoto, validListing } from '../../../adapters/test/support/harness.js';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { measureOverflow } from './support/layout.js';
import { type BrowserStack, newPerson, newVisitor, type Person, seriousA11yViolations, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { adminToken, approve } from './support/listings.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
});
afterAll(() => stack?.close());

/** A live listing of the signed-up seller, with a real photo, approved by staff. */
async function listFor(seller: Person, overrides: Record<string, unknown>): Promise<number> {
  const token = await emulatorSignIn(inject('authEmulatorHost'), seller.email, seller.password);
  const imageUrls = [await uploadedPhoto(api.url, token, '#246')];
  const res = await fetch(`${api.url}/api/vehicles`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(validListing({ imageUrls, ...overrides })),
  });
  if (res.status !== 201) throw new Error(`listing failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  await approve(api, await adminToken(api), id);
  return id;
}

const badge = (page: Page) => page.getByTestId('notification-badge');
const eventStreams = (context: BrowserContext) => {
  const opened: string[] = [];
  context.on('request', (r) => { if (new URL(r.url()).pathname === '/api/events') opened.push(r.url()); });
  return opened;
};

describe('a buyer and a seller on two phones', () => {
  it('chat about a car in real time: ticks turn double when read, the bell counts and clears, a second tab shares the stream, the wishlist shows in Profile', { timeout: 180_000 }, async () => {
    const seller = newPerson('Adaeze');
    const buyer = newPerson('Chukwuemeka');
    const sellerSide = await newVisitor(browser, api.url);
    const buyerSide = await newVisitor(browser, api.url);
    const buyerStreams = eventStreams(buyerSide.context);
    await signUpInBrowser(sellerSide.page, seller);
    await signUpInBrowser(buyerSide.page, buyer);
    const listingId = await listFor(seller, { title: '2022 Hyundai IONIQ 5 Long Range', location: 'Port Harcourt', price: 38_500_000 });

    // The buyer saves the car and writes to the seller from its page.
    const { page } = buyerSide;
    await page.goto(`/vehicles/${listingId}`);
    await page.getByRole('heading', { name: '2022 Hyundai IONIQ 5 Long Range' }).waitFor();
    await page.getByRole('button', { name: 'Save to wishlist' }).first().click();
    await page.locator('.toast__title', { hasText: 'Added to Wishlist' }).waitFor();
    await page.getByRole('button', { name: 'Message Seller' }).click();
    const chat = page.getByRole('dialog', { name: /^Chat with Adaeze/ });
    await chat.waitFor();
    await chat.getByRole('button', { name: 'Still available?' }).click();
    expect(await chat.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Hello, is the 2022 Hyundai IONIQ 5 Long Range still available?');
    await chat.getByRole('textbox', { name: 'Message' }).fill('Good afternoon! Is the IONIQ 5 still available in Port Harcourt?');
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
    const mine = chat.locator('.messages li', { hasText: 'Is the IONIQ 5 still available in Port Harcourt?' });
    await mine.getByRole('img', { name: 'Sent' }).waitFor({ timeout: 10_000 });
    expect(await measureOverflow(page)).toEqual({ scrollWidth: 360, stickingOut: [] });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The seller hears of it at once (beside the approval of the listing): the bell counts it, and its notification opens the chat.
    const seen = sellerSide.page;
    await seen.goto('/profile');
    await expect.poll(() => badge(seen).textContent(), { timeout: 10_000 }).toBe('2');
    await seen.getByRole('button', { name: 'Notifications' }).click();
    await seen.getByText('New message from Chukwuemeka Eze').click();
    const sellerChat = seen.getByRole('dialog', { name: /^Chat with Chukwuemeka/ });
    await sellerChat.getByText('Good afternoon! Is the IONIQ 5 still available in Port Harcourt?').waitFor();
    await expect.poll(() => new URL(seen.url()).searchParams.has('openChat')).toBe(false);
    // Reading it clears its notification, and the buyer's tick turns double without a reload.
    await expect.poll(() => badge(seen).textContent(), { timeout: 10_000 }).toBe('1');
    await mine.getByRole('img', { name: 'Read' }).waitFor({ timeout: 10_000 });

    await sellerChat.getByRole('textbox', { name: 'Message' }).fill('Yes it is. You can see it on Saturday in GRA.');
    await sellerChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await chat.getByText('Yes it is. You can see it on Saturday in GRA.').waitFor({ timeout: 10_000 });

    // A second tab of the buyer shares the first tab's stream: no second connection, yet it hears the news.

    const secondTab = await buyerSide.context.newPage();
    await secondTab.goto('/profile?tab=chats');
    await secondTab.getByText('Yes it is. You can see it on Saturday in GRA.').waitFor();
    const streamsBefore = buyerStreams.length;
    await sellerChat.getByRole('textbox', { name: 'Message' }).fill('Bring your mechanic if you like.');
    await sellerChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await chat.getByText('Bring your mechanic if you like.').waitFor({ timeout: 10_000 });
    await secondTab.getByText('Bring your mechanic if you like.').waitFor({ timeout: 10_000 });
    // Once the tab has joined, news reaches it only through the leader tab (it does not poll while the stream is live).
    await sellerChat.getByRole('textbox', { name: 'Message' }).fill('See you on Saturday at 10.');
    await sellerChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await secondTab.getByText('See you on Saturday at 10.').waitFor({ timeout: 10_000 });
    expect(buyerStreams.length).toBe(streamsBefore);

    // The saved car is in the buyer's wishlist.
    await secondTab.goto('/profile?tab=wishlist');
    await secondTab.getByText('2022 Hyundai IONIQ 5 Long Range').waitFor();
    await secondTab.getByText('₦38,500,000').waitFor();

    // Profile → Chats lists the conversation; Mark all read clears the bell in one call.
    await seen.keyboard.press('Escape');
    await seen.goto('/profile?tab=chats');
    await seen.locator('.chats, [aria-labelledby=chats-heading]').getByText('2022 Hyundai IONIQ 5 Long Range').first().waitFor();
    await seen.getByRole('button', { name: 'Notifications' }).click();
    await seen.getByText('Your listing is live').waitFor();
    const readAll = seen.waitForRequest((r) => r.url().endsWith('/api/notifications/read-all'));
    await seen.getByRole('button', { name: 'Mark all read' }).click();
    await readAll;
    await expect.poll(() => badge(seen).count(), { timeout: 10_000 }).toBe(0);
    expect(sellerSide.errors).toEqual([]);
    expect(buyerSide.errors).toEqual([]);
    await sellerSide.context.close();
    await buyerSide.context.close();
  });
});
