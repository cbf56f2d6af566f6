import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newVisitor, seriousA11yViolations, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';

/**
 * The footer's pages on a 360 px phone: a visitor opens Safety Tips from the footer, reads the Help
 * Center with the keyboard, sends a Contact Us message, and support finds it in the backoffice and
 * marks it handled.
 */
let stack: BrowserStack;
let support: { email: string; password: string };

beforeAll(async () => {
  stack = await startBrowserStack();
  const password = `pw-${randomBytes(5).toString('hex')}`;
  await adminAuth().createUser({ email: stack.api.staffEmails.support, password, emailVerified: true, displayName: 'Sola Support' });
  support = { email: stack.api.staffEmails.support, password };
});

afterAll(async () => {
  await stack?.close();
});

async function fitsThePhone(page: import('playwright-core').Page): Promise<void> {
  const overflow = await measureOverflow(page);
  expect(overflow.stickingOut).toEqual([]);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(360);
}

describe('the footer pages', () => {
  it('a visitor opens Safety Tips from the footer, reads the Help Center by keyboard, and sends a Contact Us message that support handles', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Safety Tips' }).scrollIntoViewIfNeeded();
    await footer.getByRole('link', { name: 'Safety Tips' }).click();
    await page.getByRole('heading', { level: 1, name: 'Safety Tips' }).waitFor();
    expect(page.url()).toMatch(/\/safety$/);
    expect(await page.title()).toBe('Safety Tips | Voltmarket');
    await page.getByText('Never pay a deposit to "hold" a car').waitFor();
    await page.getByText('e-CMR', { exact: false }).first().waitFor();
    await fitsThePhone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Every page the footer links to opens, fits the phone and passes axe.
    for (const [name, heading] of [['Buyer Protection', 'Buyer Protection'], ['Terms of Use', 'Terms of Use'], ['Privacy', 'Privacy'], ['Help Center', 'Help Center']]) {
      await footer.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await fitsThePhone(page);
      expect(await seriousA11yViolations(page), name).toEqual([]);
    }

    // Help Center: a question opens from the keyboard.
    const question = page.getByText('Does Voltmarket hold my money or guarantee the car?');
    await question.focus();
    await page.keyboard.press('Enter');
    await page.getByText('No. You pay the seller directly', { exact: false }).waitFor();

    await footer.getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await page.title()).toBe('Contact Us | Voltmarket');
    const form = page.getByRole('form', { name: 'Contact Us' });
    // Sent empty: each field says what it needs, and nothing goes out.
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Choose what your message is about.').waitFor();
    await form.getByLabel('Your name').fill('Adaeze Okafor');
    await form.getByLabel('Email').fill('adaeze.okafor@example.test');
    await form.getByLabel('What is it about?').selectOption({ label: 'Report a problem' });
    await form.getByLabel('Message').fill('A seller asked me to pay a deposit to hold a Tesla I have not seen yet. Please check listing 12.');
    await form.getByLabel('Listing (optional)').fill('12');
    await fitsThePhone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Send Message' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: 'Message sent' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain('adaeze.okafor@example.test');
    const reference = /#(\d+)/.exec((await confirmation.textContent()) ?? '')?.[1];
    expect(reference).toBeDefined();
    expect(errors).toEqual([]);
    await context.close();

    // Support finds it at the top of Contact messages and marks it handled.
    const staff = await newVisitor(stack.browser, stack.api.url, { width: 1366, height: 900 });
    await staff.page.goto('/admin');
    await staff.page.getByLabel('Email').fill(support.email);
    await staff.page.getByLabel('Password').fill(support.password);
    await staff.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await staff.page.getByRole('menuitem', { name: 'Contact messages' }).click();
    const row = staff.page.getByRole('row').filter({ hasText: 'adaeze.okafor@example.test' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Report a problem');
    expect(await row.textContent()).toContain('Open');
    await row.getByRole('link', { name: `#${reference}` }).click();
    await staff.page.getByText('A seller asked me to pay a deposit to hold a Tesla', { exact: false }).waitFor();
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await staff.page.getByRole('button', { name: 'Mark handled' }).click();
    await staff.page.getByLabel('Note (optional)').fill('Listing taken down; answered by email.');
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Mark handled' }).click();
    await staff.page.getByText(`Message #${reference} from adaeze.okafor@example.test marked handled.`).waitFor();
    await staff.page.getByText('Listing taken down; answered by email.').waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
});
