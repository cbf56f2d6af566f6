import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveListing, signedInAs, signedInUser } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newPerson, newVisitor, PHONE, signUpInBrowser, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';

/**
 * The seller card and the profile header at 360 px, signed in, with a seller's longest realistic
 * email and a phone: buttons apart, an email wrapped only where it reads well, numbers on one line.
 */
let stack: BrowserStack;
let listingId: number;
const EMAIL = 'chukwuemeka.okonkwo-adeyemi.ifeanyichukwu@lagos-ev-motors.com.ng';

beforeAll(async () => {
  stack = await startBrowserStack();
  const seller = await signedInUser({ email: EMAIL, name: 'Chukwuemeka Okonkwo-Adeyemi' });
  await fetch(`${stack.api.url}/api/auth/profile`, {
    method: 'PATCH', headers: { Authorization: `Bearer ${seller.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: '0803 555 0101' }),
  });
  const admin = await signedInAs(stack.api.staffEmails.admin);
  listingId = await liveListing(stack.api.url, seller.token, admin.token, {
    title: '2022 Hyundai IONIQ 5 Long Range AWD', brand: 'Hyundai', model: 'IONIQ 5', location: 'Port Harcourt', price: 38_500_000, sellerPhone: '0803 555 0101',
  });
});
afterAll(async () => stack?.close());

/** Where each rendered line of an element's text starts, as indexes into the text. */
const lineStarts = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const text = el.textContent ?? '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: { at: number; top: number }[] = [];
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) tops.push({ at: offset + i, top: Math.round(rect.top) });
      }
      offset += (node.textContent ?? '').length;
    }
    return { text, starts: tops.filter((t, i) => i === 0 || t.top > tops[i - 1]!.top + 2).map((t) => t.at) };
  });

describe('the seller card on a 360 px phone, signed in', () => {
  it('keeps Contact Seller and the call button apart, the number on one line and the email unbroken within its words', async () => {
    const { page, errors } = await newVisitor(stack.browser, stack.api.url, PHONE);
    await signUpInBrowser(page, { ...newPerson('Adaeze'), lastName: 'Nwachukwu-Okafor' });
    await page.goto(`/vehicles/${listingId}`);
    // The number is given on a tap, counted ("Show phone").
    await page.getByRole('button', { name: 'Show phone and email' }).click();
    const call = page.getByRole('link', { name: /^Call 0803 555 0101$/ });
    await call.waitFor();
    const contact = await page.getByRole('button', { name: 'Contact Seller' }).boundingBox();
    const callBox = await call.boundingBox();
    expect(callBox!.y - (contact!.y + contact!.height)).toBeGreaterThanOrEqual(8);
    expect(await call.locator('.unbroken').evaluate((el) => el.getClientRects().length)).toBe(1);

    const { text, starts } = await lineStarts(page, '.seller-card .email');
    // The test's accounts carry a unique tag before the @.
    const tag = /\+[0-9a-f]+@/.exec(text)?.[0] ?? '@';
    expect(text).toBe(EMAIL.replace('@', () => tag));
    // Every line starts at the beginning, at the @ or just after a dot: never inside a name.
    for (const at of starts) expect(at === 0 || text[at] === '@' || text[at - 1] === '.', `a line starts at "${text.slice(at)}"`).toBe(true);
    expect(await measureOverflow(page)).toEqual({ scrollWidth: PHONE.width, stickingOut: [] });
    expect(errors).toEqual([]);
  });

  it('keeps the phone in the profile header on one line', async () => {
    const person = { ...newPerson('Oluwatobiloba'), lastName: 'Adebayo-Okonkwo-Nwachukwu' };
    const { page, errors } = await newVisitor(stack.browser, stack.api.url, PHONE);
    await signUpInBrowser(page, person);
    await page.goto('/profile?tab=settings');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Phone', { exact: true }).fill('0803 555 0101');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const phone = page.locator('.profile-head .unbroken', { hasText: '0803 555 0101' });
    await phone.waitFor();
    expect(await phone.evaluate((el) => el.getClientRects().length)).toBe(1);
    expect(await measureOverflow(page)).toEqual({ scrollWidth: PHONE.width, stickingOut: [] });
    expect(errors).toEqual([]);
  });
});
