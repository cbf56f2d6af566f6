import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { listingBy, type TestApi, useEmulator } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newPerson, newVisitor, signUpInBrowser, startBrowserStack } from './support/browser.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
});
afterAll(() => stack?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast stays clear of the form's button, and a tap on the button reaches the button. */
async function expectButtonClearOfToast(page: Page, button: Locator): Promise<void> {
  const toast = page.locator('.toast');
  await toast.waitFor();
  // The seller scrolls down to the button, as they would to try again.
  await button.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const [toastBox, buttonBox] = [await toast.boundingBox(), await button.boundingBox()];
  expect(toastBox && buttonBox && overlap(toastBox, buttonBox)).toBe(false);
  expect(await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  })).toBe(true);
}

/**
 * The focused control is the one with this label, on the screen below the sticky navigation.
 * Soft: the toast's place is checked after it either way.
 */
async function expectFocusedInView(page: Page, label: string): Promise<void> {
  const focusedLabel = () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '';
  await page.waitForFunction((wanted) => ((document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '') === wanted, label, { timeout: 3_000 }).catch(() => undefined);
  expect.soft(await page.evaluate(focusedLabel)).toBe(label);
  const place = await page.evaluate(() => {
    const r = document.activeElement!.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), navBottom: Math.round(document.querySelector('.nav')!.getBoundingClientRect().bottom), height: window.innerHeight };
  });
  expect.soft(place.top).toBeGreaterThanOrEqual(place.navBottom);
  expect.soft(place.bottom).toBeLessThanOrEqual(place.height);
}

describe('the listing forms on a 360 px phone', () => {
  it('on a failed Create Listing names what is missing in plain words, takes the seller to it, and keeps the button clear of the toast', async () => {
    const { page } = await newVisitor(browser, api.url);
    await signUpInBrowser(page, newPerson('Amaka'));
    await page.goto('/create-listing');
    await page.getByLabel('Title').fill('2022 Kia EV6 GT-Line');
    const submit = page.getByRole('button', { name: 'Create Listing' });
    await submit.click();
    const toast = page.locator('.toast');
    await toast.getByText('Missing Required Fields').waitFor();
    expect.soft(await toast.locator('.toast__description').textContent()).toBe('Please complete: a description, a brand, a model, a price, the year, the range and at least one photo.');
    await expectFocusedInView(page, 'Description');
    await expectButtonClearOfToast(page, submit);
  });

  it('a tap on Create Listing straight after typing a wrong phone is not lost when the phone error appears', async () => {
    const { page } = await newVisitor(browser, api.url);
    await signUpInBrowser(page, newPerson('Halima'));
    await page.goto('/create-listing');
    await page.getByLabel('Contact Phone').fill('0803 555 12');
    // The phone box still has the focus: the press itself is what leaves it.
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.locator('.toast').getByText('Missing Required Fields').waitFor({ timeout: 5_000 });
  });

  it('on a failed Update Listing takes the seller to the field to fix, and keeps the button clear of the toast', async () => {
    const person = newPerson('Yusuf');
    const { page } = await newVisitor(browser, api.url);
    await signUpInBrowser(page, person);
    const token = await emulatorSignIn(useEmulator().host, person.email, person.password);
    const res = await fetch(`${api.url}/api/vehicles`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(await listingBy(api.url, token, { title: '2023 Zero Motorcycles SR/F Premium', brand: 'Zero Motorcycles', model: 'SR/F', vehicleType: 'motorcycle', location: 'Kano', price: 21_000_000 })),
    });
    const { id } = (await res.json()) as { id: number };
    await page.goto(`/edit-listing/${id}`);
    await page.getByLabel('Contact Phone').fill('0803 555 12');
    const submit = page.getByRole('button', { name: 'Update Listing' });
    await submit.click();
    await page.locator('.toast').getByText('Form Validation Failed').waitFor();
    await expectFocusedInView(page, 'Contact Phone');
    expect(await page.getByLabel('Contact Phone').getAttribute('aria-invalid')).toBe('true');
    await page.locator('.field__error', { hasText: 'Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234' }).waitFor();
    await expectButtonClearOfToast(page, submit);
  });
});
