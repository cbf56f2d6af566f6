import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, listingBy, signedInUser } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newVisitor, photoFiles, seriousA11yViolations, startBrowserStack } from '../../../storefront/test/browser/support/browser.js';

/**
 * Staff run moderation from /admin in Chromium against the real API, Postgres and Auth emulator;
 * the storefront then shows what they decided.
 */
let stack: BrowserStack;
const DESKTOP = { width: 1366, height: 900 };

interface Account { uid: string; email: string; password: string }

/** An emulator account with a password the browser can type. */
async function account(email: string, name: string): Promise<Account> {
  const password = `pw-${randomBytes(5).toString('hex')}`;
  const user = await adminAuth().createUser({ email, password, emailVerified: true, displayName: name });
  return { uid: user.uid, email, password };
}

async function submitListing(token: string, title: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await fetch(`${stack.api.url}/api/vehicles`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(await listingBy(stack.api.url, token, { title, ...overrides })),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function signInAtAdmin(page: Page, who: Account): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

let admin: Account;
let support: Account;
let seller: { uid: string; token: string };

beforeAll(async () => {
  stack = await startBrowserStack();
  [admin, support, seller] = await Promise.all([
    account(stack.api.staffEmails.admin, 'Amaka Admin'),
    account(stack.api.staffEmails.support, 'Sola Support'),
    signedInUser({ name: 'Bola Ade' }),
  ]);
});

afterAll(async () => {
  await stack?.close();
});

describe('moderation in the backoffice', () => {
  it('an admin signs in, filters pending listings, approves one, rejects another with a reason, and the storefront follows', { timeout: 90_000 }, async () => {
    const kia = await submitListing(seller.token, '2022 Kia EV6 Wind', { brand: 'Kia', model: 'EV6' });
    const leaf = await submitListing(seller.token, '2021 Nissan Leaf Tekna', { brand: 'Nissan', model: 'Leaf' });
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url, DESKTOP);

    await signInAtAdmin(page, admin);
    await expect.poll(() => page.getByText('Pending Approval').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByText('2 vehicles awaiting approval').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByText('2 vehicles awaiting approval').click();
    await page.waitForURL(/\/admin\/vehicles/);
    expect(decodeURIComponent(page.url())).toContain('"status":"pending"');
    await page.getByRole('tab', { name: 'Pending', selected: true }).waitFor();
    const kiaRow = page.getByRole('row').filter({ hasText: '2022 Kia EV6 Wind' });
    const leafRow = page.getByRole('row').filter({ hasText: '2021 Nissan Leaf Tekna' });
    await kiaRow.waitFor();
    await leafRow.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await kiaRow.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/Vehicle Approved/).waitFor();
    await kiaRow.waitFor({ state: 'detached' });

    await leafRow.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    // No reason is chosen for the moderator: Reject waits until they choose or type one.
    await dialog.getByRole('radio', { name: 'Did not meet platform standards' }).waitFor();
    for (const radio of await dialog.getByRole('radio').all()) expect(await radio.isChecked()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Reject listing' }).isDisabled()).toBe(true);
    await dialog.getByText('Choose a reason for the rejection').waitFor();
    await dialog.getByRole('radio', { name: 'Other' }).check();
    expect(await dialog.getByRole('button', { name: 'Reject listing' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Describe the reason').fill('Battery health certificate missing');
    await dialog.getByRole('button', { name: 'Reject listing' }).click();
    await page.getByText(/Vehicle Rejected/).waitFor();
    await leafRow.waitFor({ state: 'detached' });

    // The storefront: the approved listing is live for a visitor, the rejected one is not.
    const visitor = await newVisitor(stack.browser, stack.api.url);
    await visitor.page.goto(`/vehicles/${kia}`);
    await visitor.page.getByRole('heading', { name: '2022 Kia EV6 Wind' }).waitFor();
    await visitor.page.goto(`/vehicles/${leaf}`);
    await visitor.page.getByText('Vehicle Not Found').waitFor();
    await visitor.context.close();
    // The seller is told why.
    const mine = await fetch(`${stack.api.url}/api/vehicles/my-listings`, { headers: { Authorization: `Bearer ${seller.token}` } });
    const rows = (await mine.json()) as { id: number; status: string; rejectionReason: string | null }[];
    expect(rows.find((r) => r.id === leaf)).toMatchObject({ status: 'rejected', rejectionReason: 'Battery health certificate missing' });
    expect(rows.find((r) => r.id === kia)).toMatchObject({ status: 'active' });

    // Both actions are in the audit log, with who did them.
    await page.goto('/admin/audit-log');
    await page.getByRole('row').filter({ hasText: '2021 Nissan Leaf Tekna' }).filter({ hasText: admin.email }).first().waitFor();
    await page.getByRole('row').filter({ hasText: '2022 Kia EV6 Wind' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('support moderates but cannot delete; an admin deletes after the confirmation', { timeout: 90_000 }, async () => {
    const tesla = await submitListing(seller.token, '2020 Tesla Model 3 SR+');
    const supportSession = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await signInAtAdmin(supportSession.page, support);
    await supportSession.page.getByText('Pending Approval').waitFor();
    await supportSession.page.goto(`/admin/vehicles/${tesla}/show`);
    await supportSession.page.getByRole('button', { name: 'Approve' }).waitFor();
    expect(await supportSession.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await supportSession.context.close();

    const adminSession = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await signInAtAdmin(adminSession.page, admin);
    await adminSession.page.getByText('Pending Approval').waitFor();
    await adminSession.page.goto(`/admin/vehicles/${tesla}/show`);
    await adminSession.page.getByRole('button', { name: 'Delete' }).click();
    await adminSession.page.getByText('Are you sure you want to permanently delete "2020 Tesla Model 3 SR+"? This action cannot be undone.').waitFor();
    await adminSession.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await adminSession.page.getByText(/Vehicle Deleted/).waitFor();
    const gone = await fetch(`${stack.api.url}/api/admin/vehicles/${tesla}`, { headers: { Authorization: `Bearer ${seller.token}` } });
    expect(gone.status).toBe(403);
    const check = await fetch(`${stack.api.url}/api/vehicles/${tesla}`);
    expect(check.status).toBe(404);
    await adminSession.context.close();
  });

  it('an admin corrects a listing: title, brand then a model of that brand, and one more photo', { timeout: 90_000 }, async () => {
    const id = await submitListing(seller.token, '2022 Hyundai IONIQ 5 Long Range');
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await signInAtAdmin(page, admin);
    await page.getByText('Pending Approval').waitFor();
    await page.goto(`/admin/vehicles/${id}/edit`);
    await page.getByLabel('Title').fill('2022 Tesla Model 3 Long Range');
    await page.getByRole('combobox', { name: 'Brand' }).click();
    await page.getByRole('option', { name: 'Tesla', exact: true }).click();
    // A new brand empties the model, and only that brand's models are offered.
    await page.getByRole('combobox', { name: 'Model' }).click();
    expect(await page.getByRole('option', { name: 'IONIQ 5' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Model 3', exact: true }).click();
    await page.getByLabel('Add photos').setInputFiles(await photoFiles(1));
    await page.getByText(/Images Uploaded/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/Vehicle Updated/).waitFor();

    const res = await fetch(`${stack.api.url}/api/vehicles/${id}`, { headers: { Authorization: `Bearer ${seller.token}` } });
    const listing = (await res.json()) as { title: string; brand: string; model: string; imageUrls: string[] };
    expect(listing).toMatchObject({ title: '2022 Tesla Model 3 Long Range', brand: 'Tesla', model: 'Model 3' });
    expect(listing.imageUrls).toHaveLength(2);
    expect(listing.imageUrls[1]).toMatch(/^\/uploads\/.+\.webp$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('support bulk-rejects two listings with the reason they chose, never one chosen for them', { timeout: 90_000 }, async () => {
    const dolphin = await submitListing(seller.token, '2024 BYD Dolphin Extended Range', { brand: 'BYD', model: 'Dolphin', location: 'Ibadan' });
    const zero = await submitListing(seller.token, '2021 Zero Motorcycles SR/F Premium', { vehicleType: 'motorcycle', brand: 'Zero Motorcycles', model: 'SR/F', location: 'Kaduna' });
    const { context, page, errors } = await newVisitor(stack.browser, stack.api.url, DESKTOP);
    await signInAtAdmin(page, support);
    await page.getByText('Pending Approval').waitFor();
    await page.goto('/admin/vehicles?filter=%7B%22status%22%3A%22pending%22%7D');
    for (const title of ['2024 BYD Dolphin Extended Range', '2021 Zero Motorcycles SR/F Premium']) {
      await page.getByRole('row').filter({ hasText: title }).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Bulk Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Duplicate listing' }).waitFor();
    for (const radio of await dialog.getByRole('radio').all()) expect(await radio.isChecked()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Reject 2 listings' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Duplicate listing' }).check();
    await dialog.getByRole('button', { name: 'Reject 2 listings' }).click();
    await page.getByText('2 rejected.').waitFor();

    const mine = await fetch(`${stack.api.url}/api/vehicles/my-listings`, { headers: { Authorization: `Bearer ${seller.token}` } });
    const rows = (await mine.json()) as { id: number; status: string; rejectionReason: string | null }[];
    for (const id of [dolphin, zero]) expect(rows.find((r) => r.id === id)).toMatchObject({ status: 'rejected', rejectionReason: 'Duplicate listing' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in user without a staff role sees Access Denied, and a visitor the sign-in page', async () => {
    const visitor = await newVisitor(stack.browser, stack.api.url);
    await visitor.page.goto('/admin');
    await visitor.page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await visitor.page.getByText('Voltmarket Backoffice').first().waitFor();
    await visitor.page.getByText('Please sign in to access the admin dashboard').waitFor();
    expect(await seriousA11yViolations(visitor.page)).toEqual([]);

    const plain = await account(`plain-${randomBytes(4).toString('hex')}@example.test`, 'Plain Person');
    await signInAtAdmin(visitor.page, plain);
    await visitor.page.getByText('Access Denied').waitFor();
    await visitor.page.getByText('Please sign in to access the admin dashboard').waitFor();
    await visitor.page.getByText(plain.email).waitFor();
    expect(await visitor.page.getByText('Pending Approval').count()).toBe(0);
    expect(await seriousA11yViolations(visitor.page)).toEqual([]);
    await visitor.context.close();
  });

  it('keeps each row\'s actions in view on a laptop, and the dashboard within a phone\'s screen', { timeout: 90_000 }, async () => {
    const long = await submitListing(seller.token, '2024 BYD Dolphin Extended Range, one owner, Lekki Phase 1, full service history, home charger included', {
      brand: 'BYD', model: 'Dolphin', location: 'Port Harcourt', price: 127_900_000,
    });
    const laptop = await newVisitor(stack.browser, stack.api.url, { width: 1280, height: 800 });
    await signInAtAdmin(laptop.page, support);
    await laptop.page.getByText('Pending Approval').first().waitFor();
    await laptop.page.goto(`/admin/vehicles?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`);
    const row = laptop.page.getByRole('row').filter({ hasText: '2024 BYD Dolphin Extended Range' });
    await row.waitFor();
    for (const name of ['Approve', 'Reject']) {
      const box = await row.getByRole('button', { name }).boundingBox();
      expect(box && box.x + box.width, name).toBeLessThanOrEqual(1280);
    }
    expect(await laptop.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await laptop.context.close();

    const phone = await newVisitor(stack.browser, stack.api.url, { width: 360, height: 740 });
    await signInAtAdmin(phone.page, support);
    await phone.page.getByText('Pending Approval').first().waitFor();
    await phone.page.getByText(/^Ad revenue$/).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const label of ['Active Listings', 'Pending payments']) {
      const box = await phone.page.getByText(label, { exact: true }).first().boundingBox();
      expect(box && box.x + box.width, label).toBeLessThanOrEqual(360);
    }
    await phone.context.close();
    await fetch(`${stack.api.url}/api/vehicles/${long}`, { method: 'DELETE', headers: { Authorization: `Bearer ${seller.token}` } });
  });
});
