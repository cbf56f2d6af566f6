import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, newVisitor, PHONE, startBrowserStack } from './support/browser.js';

/**
 * The Content-Security-Policy every page is served with: the storefront, the backoffice and the API
 * docs all work under it (the stack fails the file if Chromium reports refusing anything on a page
 * opened through newVisitor, here and in every other browser test), and a script slipped into a page
 * does not run.
 */
let stack: BrowserStack;

beforeAll(async () => {
  stack = await startBrowserStack();
});
afterAll(async () => stack?.close());

describe('the pages\' Content-Security-Policy', () => {
  it('is sent with every page, allows no inline script at all (a first view carries its data as JSON, which runs nothing), and no framing by other sites', async () => {
    for (const path of ['/', '/browse', '/vehicles/999999', '/admin', '/api/docs/']) {
      const res = await request(stack.api.url).get(path);
      const policy = res.headers['content-security-policy'] as string;
      expect(policy, path).toMatch(/default-src 'self'/);
      expect(policy, path).toMatch(/object-src 'none'/);
      expect(policy, path).toMatch(/frame-ancestors 'self'/);
      expect(/script-src ([^;]*)/.exec(policy)![1], path).not.toMatch(/unsafe-inline|unsafe-eval|sha256-|nonce-/);
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['permissions-policy'], path).toMatch(/camera=\(\)/);
    }
  });

  it('keeps a script written into the storefront from running, while the app itself works', async () => {
    // A context of its own: the refusal it provokes is the point, not a fault of a journey.
    const context = await stack.browser.newContext({ baseURL: stack.api.url, viewport: PHONE });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Featured Electric Vehicles' }).waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.appendChild(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    await context.close();
  });

  it('lets the API docs and the backoffice\'s sign-in page work under it', async () => {
    const { page, errors } = await newVisitor(stack.browser, stack.api.url);
    await page.goto('/api/docs/');
    // Swagger UI draws the operations near the screen first: the first tag's are enough to show it runs.
    await page.getByText('/api/auth/sync').first().waitFor();
    await page.goto('/admin');
    await page.getByRole('button', { name: /sign in/i }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
