import { fileURLToPath } from 'node:url';
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
          include: ['domain/test/**/*.test.ts', 'application/test/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['adapters/test/**/*.test.ts'],
          globalSetup: ['adapters/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
