import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi, type Mock } from 'vitest';
import { dismissToast, Toaster } from '../../src/components/toast';
import type { Catalogue } from '../../src/lib/api-types';

/** The catalogue the stubbed API answers with: deliberately not in alphabetical order. */
export const CATALOGUE: Catalogue = {
  brands: [
    { name: 'Tesla', models: ['Model 3'] },
    { name: 'BYD', models: ['Atto 3'] },
  ],
  vehicleTypes: [],
  chargingTypes: [],
  locations: [],
  sorts: [],
};

/**
 * Replaces `fetch` so that `/api/catalogue` answers with CATALOGUE; any other address fails the test.
 * Returns the stub so tests can look at the calls.
 */
export function stubCatalogueFetch(): Mock<typeof fetch> {
  const stub = vi.fn<typeof fetch>(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== '/api/catalogue') throw new Error(`Unexpected request in test: ${url}`);
    return new Response(JSON.stringify(CATALOGUE), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', stub);
  return stub;
}

/** Renders inside a fresh query cache (no retries), with the toaster beside it. */
export function renderWithProviders(ui: ReactElement): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Vitest runs without globals, so Testing Library's automatic cleanup is wired here; the toast store is module state. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    dismissToast();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** The texts an element's aria-describedby points at, in order. */
export function describedByTexts(el: HTMLElement): string[] {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? `<missing #${id}>`);
}
