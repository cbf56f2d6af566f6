import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { NextFunction, Request, Response as ExpressResponse } from 'express';
import type { Logger } from 'pino';

/**
 * Server-rendered first views of the storefront's public pages. The renderer is the storefront's own
 * SSR build (storefront/src/entry-server.tsx, built into storefront/dist-server): the same React
 * components and queries as the browser. Its queries go to this server over the connection's own
 * address, as the page's visitor (their network address, no identity): see `firstViewCallers`.
 */

/** The storefront's `ApiTransport`: a fetch of an API path. */
export type FirstViewApi = (path: string, init: RequestInit) => Promise<Response>;

/** What storefront/src/entry-server.tsx exports (its `render`); the first-view HTTP and browser tests drive it end to end. */
export interface FirstViewRenderer {
  render(request: { url: string; member: boolean; dataSaver: boolean; api: FirstViewApi }): Promise<{ html: string; state: string } | null>;
}

/** The member cookie the storefront sets while someone is signed in (session.ts); it carries no identity. */
export const MEMBER_COOKIE = 'vm_member';

/** Known only to this process: the renderer's requests carry it, so the API may take the visitor's address from them. */
const FIRST_VIEW_KEY = Buffer.from(randomBytes(24).toString('base64url'));
const KEY_HEADER = 'x-first-view-key';
const FOR_HEADER = 'x-first-view-for';
const MEMBER_HEADER = 'x-first-view-member';
const membersFirstViews = new WeakSet<Request>();

/** The storefront's data saver choice (storefront/src/lib/data-saver.ts): 1 on, 0 off. */
export const DATA_SAVER_COOKIE = 'vm_data_saver';

/** Data saver: the person's choice, or else what their browser asks for (`Save-Data: on`). */
export function wantsDataSaver(req: Request): boolean {
  const chosen = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=([01])(?:;|$)`).exec(req.headers.cookie ?? '')?.[1];
  if (chosen) return chosen === '1';
  return /^on$/i.test(req.get('save-data')?.trim() ?? '');
}

/** Whether the cookie header says a member is being signed back in. */
export const hasMemberCookie = (req: Request): boolean => new RegExp(`(?:^|;\\s*)${MEMBER_COOKIE}=1(?:;|$)`).test(req.headers.cookie ?? '');

/**
 * Before anything reads the caller's address: a request of the renderer (it carries this process's
 * key) is taken as from the visitor whose page it renders, for view counts and limits. From anyone
 * else the headers mean nothing and are dropped.
 */
export function firstViewCallers(req: Request, _res: ExpressResponse, next: NextFunction): void {
  const key = req.headers[KEY_HEADER];
  const visitor = req.headers[FOR_HEADER];
  const member = req.headers[MEMBER_HEADER] === '1';
  for (const header of [KEY_HEADER, FOR_HEADER, MEMBER_HEADER]) delete req.headers[header];
  if (typeof key !== 'string' || typeof visitor !== 'string') return next();
  const given = Buffer.from(key);
  if (given.length !== FIRST_VIEW_KEY.length || !timingSafeEqual(given, FIRST_VIEW_KEY)) return next();
  Object.defineProperty(req, 'ip', { value: visitor, configurable: true, enumerable: true });
  if (member) membersFirstViews.add(req);
  next();
}

/**
 * A listing's page drawn by the server for a member: their browser asks for the listing again with
 * their token at once, and that view is the one counted. Only the renderer can say so.
 */
export const isMembersFirstView = (req: Request): boolean => membersFirstViews.has(req);

/** Loads the renderer once, when a page first needs it; null (pages drawn by the browser) if it is not built. */
export function firstViewRenderer(file: string, logger: Logger): () => Promise<FirstViewRenderer | null> {
  let loaded: Promise<FirstViewRenderer | null> | undefined;
  return () =>
    (loaded ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<FirstViewRenderer>).catch((error: unknown) => {
          logger.error({ err: error }, 'The storefront renderer did not load: pages are drawn by the browser');
          return null;
        })
      : Promise.resolve(null));
}

/**
 * The API of this server, asked as `req`'s sender would ask it without signing in: over the address
 * and port the page's request came in on, so whatever listens (one process or one of several behind a
 * proxy) answers its own pages' queries.
 */
export function sameServerApi(req: Request, member: boolean): FirstViewApi {
  // An IPv4 client of a dual-stack socket reads "::ffff:127.0.0.1": the plain address reaches the same socket.
  const host = (req.socket.localAddress ?? '').replace(/^::ffff:/, '');
  const port = req.socket.localPort;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return (path, init) => {
    if (!host || !port) return Promise.reject(new Error('The page came in on no TCP address'));
    const headers: Record<string, string> = { accept: 'application/json', [KEY_HEADER]: FIRST_VIEW_KEY.toString(), [FOR_HEADER]: req.ip ?? '' };
    if (member) headers[MEMBER_HEADER] = '1';
    const requestId = req.res?.getHeader('X-Request-Id');
    if (typeof requestId === 'string') headers['x-request-id'] = requestId;
    return fetch(`${base}${path}`, { headers, signal: init.signal ?? null, redirect: 'manual' });
  };
}

/** The page's HTML with its first view inside the root and its data beside it (a data block, which runs nothing). */
export function withFirstView(page: string, view: { html: string; state: string }): string {
  const state = view.state.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  // Functions, not strings, as replacements: the page's text is data, never a pattern.
  return page.replace('<div id="root"></div>', () => `<div id="root">${view.html}</div>\n    <script type="application/json" id="vm-state">${state}</script>`);
}
