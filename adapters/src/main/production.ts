import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { SHUTDOWN_GRACE_MS, startApi } from './server.js';

/** The whole shutdown: requests' grace, then the jobs' own 10 s, then closing; compose waits 30 s. */
const SHUTDOWN_BOUND_MS = SHUTDOWN_GRACE_MS + 15_000;

/** Production entry: an external Postgres (DATABASE_URL) and real Firebase; no dev services. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL is required in production (npm start runs an embedded database for development).');
  // The emulator's tokens are unsigned: a production server must never accept them.
  if (config.firebaseAuthEmulatorHost || config.firebaseProjectId.startsWith('demo-')) {
    throw new ConfigError('Production needs a real Firebase project: set FIREBASE_PROJECT_ID and unset FIREBASE_AUTH_EMULATOR_HOST.');
  }
  if (!process.env.FIREBASE_API_KEY) throw new ConfigError('Set FIREBASE_API_KEY (the web API key of the Firebase project) so the browser clients can sign in.');
  if (!process.env.ADMIN_EMAILS) throw new ConfigError('Set ADMIN_EMAILS in production (the development default is a test address).');
  // Without a key the sandbox checkout stands in for Paystack, and there anyone can "pay": never by accident.
  if (!config.paystackSecretKey && process.env.PAYMENT_SANDBOX !== 'on') {
    throw new ConfigError('Set PAYSTACK_SECRET_KEY in production (or PAYMENT_SANDBOX=on for a demo where the sandbox checkout takes no real money).');
  }
  const api = await startApi({ ...config, host: process.env.HOST ?? '0.0.0.0' }, config.databaseUrl, logger);
  logger.info({ url: api.url }, 'Voltmarket API listening');
  // A secret does not go to the logs, which travel further than the operator: they know where to read it.
  if (api.sandboxKey) logger.warn('PAYMENT_SANDBOX=on: the sandbox checkout takes no real money; its secret key is in the table sandbox_settings of this database');
  // SIGTERM (a deploy, compose, Kubernetes): finish what is in flight, then exit 0. A second signal,
  // or a shutdown past its bound, exits at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'told again to stop: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping: finishing the requests in flight');
    setTimeout(() => {
      logger.error('the shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    api.close().then(() => {
      logger.info('stopped');
      process.exit(0);
    }, (err: unknown) => {
      logger.error({ err }, 'the shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
