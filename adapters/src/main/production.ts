import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startApi } from './server.js';

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
  const stop = async () => {
    await api.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
