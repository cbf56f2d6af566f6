import { build } from 'vite';

/** Browser tests drive the storefront as built for production, from the sources under test. */
export default async function buildStorefront(): Promise<void> {
  await build({ root: 'storefront', logLevel: 'warn' });
}
