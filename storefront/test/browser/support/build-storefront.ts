import { build } from 'vite';

/** Browser tests drive the storefront as built for production, from the sources under test. */
export default async function buildStorefront(): Promise<void> {
  // Vitest sets NODE_ENV=test, which Vite would honour with a development build of React.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: 'storefront', mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
