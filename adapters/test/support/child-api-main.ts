/**
 * The API alone in a process of its own (child-api.ts starts it), so a test can kill it with SIGKILL
 * as a host or the kernel would, mid-request.
 */
import { pino } from 'pino';
import { loadConfig } from '../../src/main/config.js';
import { startApi } from '../../src/main/server.js';

const level = process.env.CHILD_LOG_LEVEL ?? 'silent';
const config = loadConfig({ ...process.env, LOG_LEVEL: level });
const api = await startApi(config, process.env.CHILD_DATABASE_URL ?? '', pino({ level }));
process.send?.({ ready: api.url });
process.on('SIGTERM', () => void api.close().then(() => process.exit(0)));
