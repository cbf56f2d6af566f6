import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppRoot } from './app/app-root';
import { createQueryClient } from './app/query-client';
import { loadMatchedRoutes, routes } from './app/routes';
import type { FirstViewState } from './entry-server';
import { firstViewSession, startSession } from './features/auth/session';
import { startDataSaver } from './lib/data-saver';
import { startOfflineSupport } from './lib/offline';
import { beginFirstView } from './lib/first-view';
import { startOutbox } from './lib/outbox';

/** The server's first view with its data, if this page came with one (entry-server.tsx). */
function firstViewState(root: HTMLElement): FirstViewState | null {
  const text = document.getElementById('vm-state')?.textContent;
  if (!text || !root.firstElementChild) return null;
  try {
    return JSON.parse(text) as FirstViewState;
  } catch {
    return null;
  }
}

/** Lets the browser answer a tap between the steps of starting (each is its own task). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  startSession();
  const root = document.getElementById('root')!;
  const queryClient = createQueryClient();
  const state = firstViewState(root);
  startDataSaver(state ? state.dataSaver : null);
  startOfflineSupport(state ? state.renderedAt : null);
  startOutbox();
  if (state) {
    await nextTask();
    hydrate(queryClient, state.queries);
    // The page's own route code, in place before the router starts: it must draw what the server drew.
    await loadMatchedRoutes(location.pathname);
  }
  const app = (
    <AppRoot client={queryClient} firstView={state ? firstViewSession(state.member) : null} dataSaver={state?.dataSaver ?? false}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppRoot>
  );
  if (state) await nextTask();
  // Hydrated as a transition: React does it in small slices, so a tap on the server's page is not
  // kept waiting behind one long task on a slow phone (the page is already on screen).
  if (state) {
    beginFirstView();
    startTransition(() => void hydrateRoot(root, app));
  }
  else createRoot(root).render(app);
}

/** Started by main.tsx, once the server's page (if any) is on screen. */
void start();
