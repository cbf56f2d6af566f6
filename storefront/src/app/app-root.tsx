import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { FirstViewSession, type Session } from '../features/auth/session';
import { FirstViewDataSaver } from '../lib/data-saver';

/**
 * The app around its router, the same on the server and in the browser: hydration needs the same tree
 * (React's ids follow its shape), so whatever differs goes in props, not in extra elements.
 */
export function AppRoot({ client, firstView, dataSaver, children }: { client: QueryClient; firstView: Session | null; dataSaver: boolean; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <FirstViewSession.Provider value={firstView}>
          <FirstViewDataSaver.Provider value={dataSaver}>{children}</FirstViewDataSaver.Provider>
        </FirstViewSession.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
}
