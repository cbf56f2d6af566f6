import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type Params, StaticRouterProvider } from 'react-router-dom';
import { AppRoot } from './app/app-root';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import { advertisePrefetch, browsePrefetch, homePrefetch, rentPrefetch, sellerPrefetch, vehiclePrefetch } from './app/first-view-data';
import { firstViewSession } from './features/auth/session';
import { type ApiTransport, setTransportSource } from './lib/api-client';

/**
 * The server's first view of a public page: the same routes, components and queries as the browser,
 * rendered to HTML with the data already in, so a phone shows listings and prices before any script
 * has arrived (and a browser without scripts shows them at all). The browser then hydrates it with
 * the same data (`state`), asking the API nothing it was given.
 */
export interface FirstViewRequest {
  /** The page's path and query, as asked. */
  url: string;
  /** The member cookie came: the nav keeps a place for the member being signed back in. */
  member: boolean;
  /** Data saver is on (the browser's Save-Data, or the person's choice): thumbnails only. */
  dataSaver: boolean;
  /** The API as the page's visitor would reach it (in the server's own process, with the visitor's address). */
  api: ApiTransport;
}

export interface FirstView {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** JSON for the browser's hydration (`FirstViewState`), to be written into a data script. */
  state: string;
}

/** What the browser reads back from the page to hydrate it (see start.tsx). */
export interface FirstViewState {
  /** When the server rendered it (a saved copy is older than the moment it opens). */
  renderedAt: number;
  member: boolean;
  dataSaver: boolean;
  queries: DehydratedState;
}

type Prefetch = (client: QueryClient, params: Params, search: URLSearchParams) => Promise<unknown>[];

/** The data each route's first view shows, by route id (routes.tsx); a route not here renders without data. */
const FIRST_VIEW_DATA: Record<string, Prefetch> = {
  home: homePrefetch,
  browse: browsePrefetch,
  vehicle: vehiclePrefetch,
  seller: sellerPrefetch,
  rent: rentPrefetch,
  advertise: advertisePrefetch,
};

/** Longest a first view may take; past it the page is sent without one and the browser draws it. */
const RENDER_LIMIT_MS = 3_000;

// Requests of the page being rendered go to its own transport: pages render side by side.
const transports = new AsyncLocalStorage<ApiTransport>();
setTransportSource(() => transports.getStore());

const handler = createStaticHandler(routes);

/**
 * Renders a page's first view, or null when it should be drawn by the browser instead: a redirect, a
 * route that failed to load, data the API refused or could not give (a listing gone since its head was
 * written), or a render error. The page then works as it did before first views existed.
 */
export async function render(request: FirstViewRequest): Promise<FirstView | null> {
  // Appended, not resolved: "//host/path" stays a path of this site, as the browser will read it.
  const url = new URL(`http://first-view.invalid${request.url.startsWith('/') ? '' : '/'}${request.url}`);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;

  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  // Asked inside the page's transport: each query's request goes to this page's API.
  const fetched = await transports.run(request.api, () =>
    Promise.all(context.matches.flatMap((m) => FIRST_VIEW_DATA[m.route.id]?.(client, m.params, url.searchParams) ?? [])).then(() => true, () => false),
  );
  if (!fetched) return null;

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToHtml(
    <AppRoot client={client} firstView={firstViewSession(request.member)} dataSaver={request.dataSaver}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  ).catch(() => null);
  if (html === null) return null;
  const state: FirstViewState = { renderedAt: Date.now(), member: request.member, dataSaver: request.dataSaver, queries: dehydrate(client) };
  client.clear();
  return { html, state: JSON.stringify(state) };
}

/** React's streaming renderer, read to its end (the data is all in: nothing waits). Any error gives up the first view. */
function renderToHtml(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        clearTimeout(limit);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    const stream = renderToPipeableStream(node, {
      // One piece: React would otherwise send a large boundary (24 cards) after the rest, put in place by
      // an inline script, which the Content-Security-Policy forbids and a browser without scripts never runs.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (!failed) stream.pipe(sink);
      },
      onShellError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
      onError(error) {
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    const limit = setTimeout(() => {
      stream.abort();
      reject(new Error('The first view took too long'));
    }, RENDER_LIMIT_MS);
    limit.unref();
  });
}
