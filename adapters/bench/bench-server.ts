/**
 * The API as the benchmark runs it: its own processes, so the load generator does not steal the
 * event loop. BENCH_WORKERS (default 1) API processes share the port through node:cluster, as
 * replicas behind a proxy would.
 */
import cluster from 'node:cluster';
import { pino } from 'pino';
import { loadConfig } from '../src/main/config.js';
import { startApi } from '../src/main/server.js';

const workers = Number(process.env.BENCH_WORKERS ?? 1);
if (cluster.isPrimary && workers > 1) {
  let ready = 0;
  for (let i = 0; i < workers; i++) {
    cluster.fork().on('message', (m: { ready?: string }) => {
      if (m.ready && ++ready === workers) process.send?.(m);
    });
  }
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 500);
  });
} else {
  // Silent while measuring; BENCH_LOG_LEVEL=info logs each request with its time, to find the slow ones.
  const level = process.env.BENCH_LOG_LEVEL ?? 'silent';
  const config = loadConfig({ ...process.env, LOG_LEVEL: level, VALIDATE_RESPONSES: 'false' });
  const api = await startApi(config, process.env.BENCH_DATABASE_URL ?? '', pino({ level }));
  process.send?.({ ready: api.url });
  process.on('SIGTERM', () => void api.close().then(() => process.exit(0)));
  // Started with --expose-gc (the load bench does), SIGUSR2 collects garbage, so memory is read as what is still held.
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect) process.on('SIGUSR2', () => collect());
}
