import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorSignIn } from '../../../adapters/src/firebase/auth-emulator.js';
import { adminAuth, liveListing, signedInAs, useEmulator } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, newVisitor, PHONE, startBrowserStack } from './support/browser.js';
import { measureOverflow } from './support/layout.js';

/**
 * A seller verifies their phone on a 360 px phone: Profile → Verification, their number in the
 * Nigerian phone field, the SMS code the Auth emulator issued (read from its REST API, as a person
 * reads their SMS), and the seller card then says "Phone verified" and gives buyers that number.
 */
let stack: BrowserStack;
let listingId: number;
const tag = randomBytes(4).toString('hex');
const seller = { email: `seller-${tag}@example.test`, password: `pw-${tag}` };
// A number of this run only: the emulator is shared by every file of the run.
const digits = String(parseInt(tag, 16) % 1_000_000).padStart(6, '0');
const LOCAL = `0803 7${digits.slice(0, 2)} ${digits.slice(2)}`;

async function smsCodeFor(e164: string): Promise<string> {
  const { host, projectId } = useEmulator();
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/verificationCodes`);
    const { verificationCodes } = (await res.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
    const found = verificationCodes.filter((v) => v.phoneNumber === e164).at(-1);
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS code for ${e164}`);
}

beforeAll(async () => {
  stack = await startBrowserStack();
  await adminAuth().createUser({ email: seller.email, password: seller.password, displayName: 'Adaeze Nwachukwu-Okafor', emailVerified: true });
  const token = await emulatorSignIn(useEmulator().host, seller.email, seller.password);
  const admin = await signedInAs(stack.api.staffEmails.admin);
  listingId = await liveListing(stack.api.url, token, admin.token, { title: '2021 Nissan Leaf SV Plus', brand: 'Nissan', model: 'Leaf', sellerPhone: '0809 111 2222' });
}, 120_000);
afterAll(async () => stack?.close());

describe('phone verification on a 360 px phone', () => {
  it('verifies the number with the emulator\'s SMS code; a wrong code is refused; the seller card then says "Phone verified"', { timeout: 120_000 }, async () => {
    const { page, errors } = await newVisitor(stack.browser, stack.api.url, PHONE);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(seller.email);
    await page.getByLabel('Password', { exact: true }).fill(seller.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

    await page.goto('/profile?tab=verification');
    await page.getByRole('heading', { name: 'Verify your phone' }).waitFor();
    await page.getByRole('button', { name: 'Verify phone' }).click();
    await page.getByLabel('Phone number').fill(LOCAL);
    await page.getByRole('button', { name: 'Send code' }).click();
    const codeBox = page.getByLabel('Code from the SMS');
    await codeBox.waitFor();
    expect(await page.getByText(/Development: the Auth emulator sends no SMS/).count()).toBe(1);
    const e164 = `+234${LOCAL.replace(/\D/g, () => '').slice(1)}`;
    const code = await smsCodeFor(e164);

    await codeBox.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('That code is not right. Check the SMS and type the 6 digits again.').waitFor();

    await codeBox.fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('button', { name: 'Change number' }).waitFor();
    expect(await page.locator('.tag--verified', { hasText: 'Phone verified' }).count()).toBe(1);
    expect(await measureOverflow(page)).toEqual({ scrollWidth: PHONE.width, stickingOut: [] });

    await page.goto(`/vehicles/${listingId}`);
    const card = page.locator('.seller-card');
    await card.getByText('Phone verified').waitFor();
    await card.getByRole('link', { name: `Call ${LOCAL}` }).waitFor();
    expect(await measureOverflow(page)).toEqual({ scrollWidth: PHONE.width, stickingOut: [] });
    expect(errors).toEqual([]);
  });
});
