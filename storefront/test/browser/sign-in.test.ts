import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../adapters/test/support/harness.js';
import { type BrowserStack, emulatorEmailLink, newPerson, newVisitor, openMenuIfCollapsed, signUpInBrowser, startBrowserStack } from './support/browser.js';

let api: TestApi;
let browser: Browser;
let stack: BrowserStack;
beforeAll(async () => {
  stack = await startBrowserStack();
  ({ api, browser } = stack);
});
afterAll(() => stack?.close());

const toast = (page: Page, title: string) => page.locator('.toast__title', { hasText: title }).waitFor();

async function openSecurityTab(page: Page): Promise<void> {
  await page.goto('/profile?tab=security');
  await page.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
}

/** In development the emulator stands in for Google: the person names the Google account to use. */
async function chooseGoogleAccount(page: Page, email: string): Promise<void> {
  const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
  await chooser.getByLabel('Google email').fill(email);
  await chooser.getByLabel('Display name').fill('Kemi Adebayo');
  await chooser.getByRole('button', { name: 'Sign in with Google.com' }).click();
}

describe('signing in', () => {
  it('checks the sign-up fields as they are left, and refuses a wrong password with a clear message', async () => {
    const { page } = await newVisitor(browser, api.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Password', { exact: true }).blur();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('Confirm password').fill('abcdef');
    await page.getByLabel('Password', { exact: true }).fill('abcdeg');
    await page.getByLabel('Confirm password').blur();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name is required').waitFor();

    const person = newPerson('Tunde');
    const other = await newVisitor(browser, api.url);
    await signUpInBrowser(other.page, person);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Login Failed');
    await page.getByText('Incorrect email or password.').waitFor();
    expect(page.url()).toContain('/auth');
  });

  it('tells someone signing up with a taken address to sign in instead', async () => {
    const person = newPerson('Ada');
    const first = await newVisitor(browser, api.url);
    await signUpInBrowser(first.page, person);
    const { page } = await newVisitor(browser, api.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('another-pass');
    await page.getByLabel('Confirm password').fill('another-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Signup Failed');
    await page.getByText(/An account with this email already exists/).waitFor();
  });

  it('signs in with an emailed link, asking for the address when the link is opened in another browser', async () => {
    const person = newPerson('Kola');
    const { page } = await newVisitor(browser, api.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Email Link' }).click();
    await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
    await toast(page, 'Email Required');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
    await page.getByText('Check your email', { exact: true }).waitFor();
    const link = await emulatorEmailLink(api.config.firebaseAuthEmulatorHost!, api.config.firebaseProjectId, person.email);

    // Another device: the address is not remembered there, so the app asks for it.
    const elsewhere = await newVisitor(browser, api.url);
    await elsewhere.page.goto(link);
    await elsewhere.page.getByText('Please confirm the email address the sign-in link was sent to.').waitFor();
    await elsewhere.page.getByLabel('Email').fill(person.email);
    await elsewhere.page.getByRole('button', { name: 'Complete Sign-in' }).click();
    await elsewhere.page.waitForURL(`${api.url}/`);
    await openMenuIfCollapsed(elsewhere.page);
    await elsewhere.page.getByRole('link', { name: 'Profile' }).first().waitFor();

    // The same browser that asked for the link completes it without a question.
    await page.getByRole('button', { name: 'Use a different email' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
    await page.getByText('Check your email', { exact: true }).waitFor();
    await page.goto(await emulatorEmailLink(api.config.firebaseAuthEmulatorHost!, api.config.firebaseProjectId, person.email));
    await page.waitForURL(`${api.url}/`);
    await openSecurityTab(page);
    await page.getByText(person.email).first().waitFor();
  });

  it('lets a guest in anonymously, then keeps their account by linking an email and password', async () => {
    const { page, errors } = await newVisitor(browser, api.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await toast(page, 'Signed in anonymously!');
    await page.waitForURL(`${api.url}/`);
    await openSecurityTab(page);
    await page.getByText('You are signed in as a guest.', { exact: false }).waitFor();
    const person = newPerson('Guest');
    await page.getByRole('button', { name: 'Link Email & Password' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Link Email & Password' }).click();
    await toast(page, 'Email/Password Linked');
    await page.getByText('You have only one way to sign in.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    // The server now knows the address too.
    await page.getByRole('tab', { name: 'Settings' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
    expect(errors).toEqual([]);
  });

  it('links a Google account (the emulator standing in for Google), unlinks it after confirming, and logs out', async () => {
    const person = newPerson('Kemi');
    const { page, errors } = await newVisitor(browser, api.url, { width: 1280, height: 900 });
    await signUpInBrowser(page, person);
    await openSecurityTab(page);
    await page.getByRole('button', { name: 'Link Google' }).click();
    await chooseGoogleAccount(page, person.email);
    await toast(page, 'Google Account Linked');
    await page.getByText('Google account', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Remove Google account' }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await toast(page, 'Account Unlinked');
    await page.getByRole('button', { name: 'Link Google' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged Out');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Sign in to see your profile' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('signs in with Google from the sign-in page', async () => {
    const { page } = await newVisitor(browser, api.url, { width: 1280, height: 900 });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await chooseGoogleAccount(page, `google-${Date.now()}@example.test`);
    await page.waitForURL(`${api.url}/`);
    await page.getByRole('link', { name: 'Profile' }).waitFor();
  });
});
