import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { closeAdminApp, startTestApi, type TestApi } from '../../../../adapters/test/support/harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags measured to work on our machines: no sandbox as root, no calls home on a closed network.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}. Install Debian's package (apt-get install -y chromium; .ci/run does it) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

export interface BrowserStack {
  api: TestApi;
  browser: Browser;
  close: () => Promise<void>;
}

/** The real API (its own database, the shared Auth emulator, settings from `env`) serving the built storefront, and Chromium. */
export async function startBrowserStack(env: Record<string, string> = {}): Promise<BrowserStack> {
  const [api, browser] = await Promise.all([startTestApi(env), launchChromium()]);
  return {
    api,
    browser,
    close: async () => {
      await browser.close();
      await api.close();
      await closeAdminApp();
      // Every journey of the file ran under the pages' Content-Security-Policy: none may have been refused anything.
      const refused = cspViolations.splice(0);
      if (refused.length > 0) throw new Error(`The Content-Security-Policy refused:\n${refused.join('\n')}`);
    },
  };
}

/** What Chromium reported refusing under the pages' Content-Security-Policy, in any context of the file. */
const cspViolations: string[] = [];

/** axe-core's serious and critical findings on the page as it is now, one line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export const PHONE = { width: 360, height: 780 };

/** A fresh browser profile (no session, no storage) on a phone-sized screen. */
export async function newVisitor(browser: Browser, baseURL: string, viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // No service worker: each journey sees the network as it is (offline.test.ts lets the worker run).
  const context = await browser.newContext({ baseURL, viewport, permissions: ['clipboard-read', 'clipboard-write'], serviceWorkers: 'block' });
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(`${m.location().url}: ${m.text()}`);
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // React reports a first view that did not match the browser's render as an error: none may happen.
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat/i.test(m.text())) errors.push(m.text());
  });
  watchNetwork(page);
  waitForLivePages(page);
  return { context, page, errors };
}

/**
 * A storefront page arrives drawn by the server and becomes the app's a moment later (hydration). A
 * person's tap before then follows the plain link or form; a test's would race the app: opening or
 * reloading a storefront page waits until it is live (`<html data-hydrated>`, see first-view.ts).
 */
function waitForLivePages(page: Page): void {
  const live = async () => {
    const path = new URL(page.url()).pathname;
    if (/^\/(admin|api|sandbox|uploads)(\/|$)/.test(path) || !page.url().startsWith('http')) return;
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, { timeout: 15_000 });
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

/** Waits until the storefront page now open is the app's (after a navigation the test did not make with goto). */
export async function pageLive(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, { timeout: 15_000 });
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Keeps count of the page's requests still open, leaving out event streams, which stay open for good. */
function watchNetwork(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Resolves once no request (other than an event stream) has been open for `quietMs`. Playwright's
 * 'networkidle' never comes to a signed-in page whose live event stream opened early, and arrives only
 * by chance when it opened late.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkQuiet needs a page from newVisitor, whose requests are watched from the start');
  const deadline = Date.now() + timeoutMs;
  let quietSince = open.size === 0 ? Date.now() : Infinity;
  for (;;) {
    if (open.size > 0) quietSince = Infinity;
    else if (quietSince === Infinity) quietSince = Date.now();
    if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`the network was not quiet within ${timeoutMs} ms; still open: ${[...open].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(50);
  }
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export const newPerson = (firstName = 'Chioma'): Person => ({
  firstName,
  lastName: 'Eze',
  email: `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.test`,
  password: `pw-${randomBytes(4).toString('hex')}`,
});

/** Signs up through the real /auth screen and waits until the app shows the signed-in navigation. */
/** Signs a new person up on the sign-in page; `at` is that page's address (with a `redirect` to come back to). */
export async function signUpInBrowser(page: Page, person: Person, at = '/auth'): Promise<void> {
  if (!page.url().endsWith(at)) await page.goto(at);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Not expect.poll: this also runs in beforeAll, outside any test.
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { waitUntil: 'commit' }).catch(async (error: unknown) => {
    const shown = (await page.locator('body').textContent())?.replace(/\s+/g, ' ');
    throw new Error(`Sign-up of ${person.email} did not finish; the page shows: ${shown}; console: ${consoleLines.join(' | ')}`, { cause: error });
  });
}

export async function openMenuIfCollapsed(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main', includeHidden: true }).waitFor({ state: 'attached' });
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/** Photos as a phone would take them: real JPEG files on disk. */
export async function photoFiles(count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(os.tmpdir(), `voltmarket-photo-${randomBytes(4).toString('hex')}.jpg`);
    await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30 + i * 80, g: 120, b: 90 } } }).jpeg().toFile(file);
    files.push(file);
  }
  return files;
}

/** Emailed links the Auth emulator "sent": a sign-in link, or with `VERIFY_EMAIL` the one that verifies the address. */
export async function emulatorEmailLink(emulatorHost: string, projectId: string, email: string, kind: 'EMAIL_SIGNIN' | 'VERIFY_EMAIL' = 'EMAIL_SIGNIN'): Promise<string> {
  const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  const link = oobCodes.filter((c) => c.email === email && c.requestType === kind).at(-1);
  if (!link) throw new Error(`No ${kind} link was sent to ${email}`);
  return link.oobLink;
}
