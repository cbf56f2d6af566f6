import { QueryClient } from '@tanstack/react-query';

/** The app's cache: one in the browser, one per page the server renders (never shared between people). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // One retry for network trouble; a 4xx answer will not change on its own.
        retry: (count, error) => count < 1 && !('status' in error && Number(error.status) >= 400 && Number(error.status) < 500),
      },
    },
  });
}
