import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, signedInUser } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newVisitor, seriousA11yViolations, startBrowserStack } from '../../../storefront/test/browser/support/browser.js';

/** Users and roles in the backoffice, and Google sign-in through the Auth emulator. */
let stack: BrowserStack;
const DESKTOP = { width: 1366, height: 900 };
let admin: { email: string; password: string };

async function signInAtAdmin(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Pending Approval').waitFor();
}

const checkRole = async (token: string) => (await fetch(`${stack.api.url}/api/admin/check`, { headers: { Authorization: `Bearer ${token}` } })).status;

beforeAll(async () => {
  stack = await startBrowserStack();
  admin = { email: stack.api.staffEmails.admin, password: `pw-${randomBytes(5).toString('hex')}` };
  await adminAuth().createUser({ email: admin.email, password: admin.password, emailVerified: true, displayName: 'Amaka Admin' });
});

afterAll(async () => {
  await stack?.close();
});

describe('people in the backoffice', () => {
  it('an admin finds a user, makes them support (effective at once and audited), and exports the users as CSV', async () => {
    const bisi = await signedInUser({ name: 'Bisi Adeyemi' });
    await fetch(`${stack.api.url}/api/auth/user`, { headers: { Authorization: `Bearer ${bisi.token}` } });
    expect(await checkRole(bisi.token)).toBe(403);

    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await signInAtAdmin(page, admin);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill('adeyemi');
    const row = page.getByRole('row').filter({ hasText: 'Bisi Adeyemi' });
    await row.waitFor();
    // The header row and Bisi's: the search runs on the server.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^voltmarket-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe('id,email,first_name,last_name,phone,role,joined,listings,active_listings');
    expect(csv.some((line) => line.startsWith(`${bisi.uid},${bisi.email},Bisi,Adeyemi`))).toBe(true);

    await row.getByRole('link', { name: 'Bisi Adeyemi' }).click();
    await page.getByRole('link', { name: 'Change role' }).click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Support' }).click();
    await page.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('Role Updated: Bisi Adeyemi is now Support.').waitFor();
    expect(await checkRole(bisi.token)).toBe(200);

    await page.goto('/admin/audit-log');
    await page.getByRole('row').filter({ hasText: bisi.email }).filter({ hasText: admin.email }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Google sign-in through the emulator: a staff address gets the dashboard, anyone else Access Denied', async () => {
    const google = async (email: string, name: string) => {
      const { context, page } = await newVisitor(stack.browser, stack.api.url, DESKTOP);
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      const chooser = page.getByRole('dialog');
      await chooser.getByLabel('Google email').fill(email);
      await chooser.getByLabel('Display name').fill(name);
      await chooser.getByRole('button', { name: 'Sign in with Google.com' }).click();
      return { context, page };
    };
    const staff = await google(stack.api.staffEmails.support, 'Sola Support');
    await staff.page.getByText('Pending Approval').waitFor();
    await staff.page.getByText('Support', { exact: true }).first().waitFor();
    await staff.context.close();

    const stranger = await google(`stranger-${randomBytes(3).toString('hex')}@gmail.test`, 'Some Stranger');
    await stranger.page.getByText('Access Denied').waitFor();
    await stranger.page.getByRole('button', { name: 'Sign in with another account' }).click();
    await stranger.page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await stranger.context.close();
  });
});
