import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { build } from 'vite';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium is the browser here (browser downloads do not work); a fresh root machine gets it installed. */
function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM}: run "sudo apt-get install -y chromium" or set CHROMIUM_PATH.`);
  }
  process.stdout.write('Installing Debian\'s chromium for the browser tests (once per machine)...\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  }
}

/** Browser tests drive the storefront and the backoffice as built for production, from the sources under test. */
export default async function prepareBrowserTests(): Promise<void> {
  ensureChromium();
  // Vitest sets NODE_ENV=test, which Vite would honour with a development build of React.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: 'storefront', mode: 'production', logLevel: 'warn' });
    // The server's renderer of first views, as `npm run build -w storefront` builds it.
    await build({ root: 'storefront', mode: 'production', logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server' } });
    await build({ root: 'backoffice', mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
