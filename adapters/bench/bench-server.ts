/** The API as the benchmark runs it: its own process, so the load generator does not steal its CPU. */
import { pino } from 'pino';
import { loadConfig } from '../src/main/config.js';
import { startApi } from '../src/main/server.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false' });
const api = await startApi(config, process.env.BENCH_DATABASE_URL ?? '', pino({ level: 'silent' }));
process.send?.({ ready: api.url });
process.on('SIGTERM', () => void api.close().then(() => process.exit(0)));
