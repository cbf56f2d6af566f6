import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  '@voltmarket/domain': here('./domain/src/index.ts'),
  '@voltmarket/application': here('./application/src/index.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two cores: run files in two forked workers.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['domain/test/**/*.test.ts', 'application/test/**/*.test.ts', 'backoffice/test/unit/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          // Browser tests drive the built storefront and backoffice in Chromium against the same real services.
          include: ['adapters/test/**/*.test.ts', 'storefront/test/browser/**/*.test.ts', 'backoffice/test/browser/**/*.test.ts'],
          globalSetup: ['adapters/test/support/global-setup.ts', 'storefront/test/browser/support/prepare-browser-tests.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'storefront',
          include: ['storefront/test/components/**/*.test.tsx', 'storefront/test/components/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['storefront/test/components/setup.ts'],
        },
      },
    ],
  },
});
