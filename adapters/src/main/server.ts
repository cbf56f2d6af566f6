import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type pg from 'pg';
import type { AppConfig } from './config.js';
import { buildContainer } from './container.js';
import { createLogger } from './logger.js';
import { createHttpApp, requestIdOf } from '../http/app.js';
import { FirebaseIdentityVerifier } from '../firebase/firebase-identity-verifier.js';
import { createOrm, migrate } from '../postgres/orm.js';
import { sandboxSecretKey } from '../paystack/sandbox-key.js';
import { createReadPool } from '../postgres/read-pool.js';
import { inContext } from '../postgres/orm.js';
import { type JobRunner, startJobs } from '../jobs/pg-boss-jobs.js';
import {
  CleanUpUploads, ClearEndedBoosts, ExpireRentalRequests, MatchListingChanges, PruneAnalytics, PruneLiveEvents, PublishDueReviews, ExpireListings, RemindExpiringListings, EndSuspensions, ReconcilePayments,
  RefreshMarketPrices, RemindEndingBoosts, RollUpMarketplaceDays, SendAlertDigests,
  SendWebhookDeliveries, CurrentCarOfTheWeek,
} from '@voltmarket/application';
import { ALERTS_QUEUE } from '../postgres/alerts/alert-queue.js';
import { PostgresEventHub } from '../realtime/postgres-event-hub.js';
import { WEBHOOK_SEND_QUEUE } from '../postgres/webhook-store.js';
import { MailSendJob } from '../mail/mail-send-job.js';
import { MAIL_SEND_QUEUE } from '../postgres/mail-outbox.js';
import type { SearchCache } from '../postgres/search/search-cache.js';
import { readinessCheck } from './readiness.js';
import { listingCachesListener } from '../postgres/listing-caches.js';
import { Metrics, poolReading } from '../observability/metrics.js';
import type { OpenStreams } from '../http/open-streams.js';
import { TOKENS } from './tokens.js';
import { S3PhotoObjects } from '../storage/s3-photo-objects.js';

export interface RunningApi {
  server: Server;
  orm: MikroORM;
  logger: Logger;
  url: string;
  jobs: JobRunner;
  eventHub: PostgresEventHub;
  /** What public search keeps between requests; clear it after writing listings other than through this API. */
  searchCache: SearchCache;
  /** Writes the views, saves and impressions counted in memory now, instead of at the next batch. */
  flushCounters: () => Promise<void>;
  /** Without PAYSTACK_SECRET_KEY, the sandbox checkout's secret key for this database: for the operator, never published. */
  sandboxKey: string | null;
  /** Starts serving requests, which were answered "starting" (503) until then; at once unless started with `held`. */
  open: () => Promise<void>;
  /**
   * Stops gracefully: readiness turns 503, no new connection is taken, live streams end with a
   * reconnect hint, requests in flight get up to `graceMs` (SHUTDOWN_GRACE_MS) to finish, then the
   * jobs (a running one finishes, or returns to the queue), the mailer, the counters and the pools.
   */
  close: (graceMs?: number) => Promise<void>;
}

/** How long requests in flight may take to finish once the process is told to stop. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** What a live stream's client is told at shutdown: come back in a second, to another process. */
const RECONNECT_AFTER_MS = 1_000;

/**
 * Lets the requests in flight finish: the server takes no new connection, keep-alive connections
 * close once their answer is sent (idle ones at once), and after `graceMs` whatever is left is cut.
 */
async function drain(server: Server, streams: OpenStreams, graceMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  streams.closeAll(RECONNECT_AFTER_MS);
  server.closeIdleConnections();
  // An answer sent on a keep-alive connection leaves it idle: close those as they come.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), graceMs).unref());
  try {
    if (await Promise.race([closed.then(() => 'done' as const), deadline]) === 'late') {
      logger.warn({ graceMs }, 'requests still in flight at the end of the shutdown grace period were cut');
      server.closeAllConnections();
      await closed;
    }
  } finally {
    clearInterval(idle);
  }
}

export interface StartOptions {
  /**
   * Keep answering "starting" (503) after the migrations until `open()`: the dev runner writes its
   * demo data first, so that no visitor sees an empty market, and no count or figure of it is kept.
   */
  held?: boolean;
}

/** The repository root: where openapi.yaml and the built clients are. */
export const projectRoot = (): string => process.env.VOLTMARKET_ROOT ?? process.cwd();

/** Connects, migrates and serves; used by the dev runner, production and the HTTP tests. */
export async function startApi(configured: AppConfig, databaseUrl: string, logger = createLogger(configured.logLevel), options: StartOptions = {}): Promise<RunningApi> {
  // Listening first: with PORT=0 (tests) the address the system picks is the public one, and
  // payments need it for Paystack's callback and the sandbox checkout.
  const server = createServer();
  server.on('clientError', answerUnreadable);
  server.on('request', answerStarting);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(configured.port, configured.host, () => resolve());
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : configured.port;
  const url = `http://${configured.host}:${port}`;
  const config = /:0$/.test(configured.publicUrl) ? { ...configured, publicUrl: url } : configured;
  try {
    return await serve(server, config, url, databaseUrl, logger, options);
  } catch (err) {
    server.close();
    throw err;
  }
}

/**
 * What a request gets while the API starts (migrations, which can take minutes when one builds an index
 * over a million listings; connecting; the jobs): a 503 with Retry-After, as when the database cannot
 * be reached, where it was left unanswered until the client gave up, since nothing yet handled it.
 */
function answerStarting(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const message = 'Voltmarket is starting. Please try again in a moment.';
  // A browser opening a page gets a page that tries again by itself; anything else the API's JSON error.
  const page = !/^\/api(\/|$)/i.test(req.url ?? '') && /text\/html/.test(req.headers.accept ?? '');
  const body = page
    ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Voltmarket is starting</title></head><body style="font-family: system-ui, sans-serif; margin: 3rem 1.5rem; text-align: center"><h1>Voltmarket is starting</h1><p>${message} This page reloads by itself.</p></body></html>`
    : JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message, details: [] } });
  // As every answer of the API: its request id, and kept by no shared cache for another caller.
  res.writeHead(503, {
    'Content-Type': page ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body), 'Retry-After': '5', 'Cache-Control': 'no-store', Vary: 'Authorization',
    'X-Request-Id': requestIdOf(req),
  });
  res.end(body);
}

/**
 * A request Node cannot read (headers or address over 16 KB, a malformed request line, one too slow
 * to arrive) is answered by Node itself with an empty body: answer it in JSON like every other error.
 */
function answerUnreadable(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] = err.code === 'HPE_HEADER_OVERFLOW'
    ? [431, 'Request Header Fields Too Large', 'REQUEST_TOO_LARGE', 'The address or headers of the request are too large (16 KB at most).']
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
      : [400, 'Bad Request', 'MALFORMED_REQUEST', 'The request could not be read as HTTP.'];
  const body = JSON.stringify({ error: { code, message, details: [] } });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/**
 * One request through the whole stack before the API counts as started: the request validator reads
 * and compiles openapi.yaml only once the app exists, which held the event loop for 0.4-0.6 s, so the
 * first requests after every start (a deploy, a replica added under load) waited that long.
 */
async function warmUp(url: string, logger: Logger): Promise<void> {
  const local = url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
  try {
    const res = await fetch(`${local}/api/catalogue`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
  } catch (err) {
    logger.warn({ err }, 'the warm-up request failed; the first requests may be slower');
  }
}

async function serve(server: Server, configured: AppConfig, url: string, databaseUrl: string, logger: Logger, options: StartOptions): Promise<RunningApi> {
  // Migrations run on their own connection, with no time limit: building an index over a million
  // listings takes longer than any request should.
  const migrator = await createOrm({ clientUrl: databaseUrl, poolMax: 1 });
  try {
    await migrate(migrator);
  } finally {
    await migrator.close();
  }
  const orm = await createOrm({ clientUrl: databaseUrl, statementTimeoutMs: configured.statementTimeoutMs });
  const readPool = createReadPool(databaseUrl, 10, configured.readTimeoutMs);
  // Writes, and reads a write depends on, stay on the primary (readPool, the ORM); read models may
  // go to a replica, whose answers can lag the primary by its replication delay.
  const replicaPool = configured.databaseReadUrl ? createReadPool(configured.databaseReadUrl, 10, configured.readTimeoutMs) : readPool;
  // Without a Paystack key, the sandbox checkout's key for this database (made on its first start).
  const config = configured.paystackSecretKey ? configured : { ...configured, paystackSandboxKey: await sandboxSecretKey(readPool) };
  const verifier = new FirebaseIdentityVerifier(config.firebaseProjectId);
  const metrics = new Metrics();
  const eventHub = new PostgresEventHub(databaseUrl, logger, { onDelivered: (lagMs) => metrics.eventDelivered(lagMs) });
  await eventHub.start();
  const container = buildContainer({ config, logger, orm, readPool, replicaPool, identityVerifier: verifier, eventHub });
  // Listings changed through another process: drop what this one kept of them, at once.
  const searchCache = container.get(TOKENS.SearchCache);
  const carOfTheWeek = container.get(CurrentCarOfTheWeek);
  const cachesListener = listingCachesListener(databaseUrl, logger, () => {
    searchCache.clear();
    carOfTheWeek.forget();
  });
  await cachesListener.start();
  const photos = container.get(TOKENS.PhotoObjects);
  if (photos instanceof S3PhotoObjects) {
    // A fresh MinIO has no bucket yet. Unreachable: readiness says so until it answers.
    await photos.ensureBucket().catch((err: unknown) => logger.error({ err }, 'the photo bucket could not be checked or created'));
  }
  const jobs = await startJobs(databaseUrl, logger, [
    // Photos nobody uses are deleted a day after upload; hourly keeps the disk tidy without a rush.
    { name: 'uploads-cleanup', cron: '23 * * * *', run: () => inContext(orm, () => container.get(CleanUpUploads).execute()) },
    // Live events older than the retention period, and spent event tickets.
    { name: 'live-events-prune', cron: '41 * * * *', run: () => inContext(orm, () => container.get(PruneLiveEvents).execute()) },
    // Pending payments are verified 1, 5, 15 and 60 minutes after they start, then hourly (each payment keeps its own schedule).
    { name: 'payments-reconcile', cron: '* * * * *', run: () => inContext(orm, () => container.get(ReconcilePayments).execute()) },
    // Ended boosts lose their tier (search already ranks them as plain by their end time).
    { name: 'boosts-clear', cron: '* * * * *', run: () => inContext(orm, () => container.get(ClearEndedBoosts).execute()) },
    // Sellers hear three days ahead that a boost is ending.
    { name: 'boost-reminders', cron: '7 * * * *', run: () => inContext(orm, () => container.get(RemindEndingBoosts).execute()) },
    // Rental requests nobody answered in 48 hours (or by the end of their start day) are cancelled and the renter told.
    { name: 'rental-requests-expire', cron: '* * * * *', run: () => inContext(orm, () => container.get(ExpireRentalRequests).execute()) },
    // Listings that went live or got cheaper, matched against saved searches: woken by the commit of the change, and every minute for what a wake missed.
    { name: ALERTS_QUEUE, cron: '* * * * *', wakeable: true, run: () => inContext(orm, () => container.get(MatchListingChanges).execute()) },
    // Live listings whose 60 days ended leave the market (their sellers can renew in one tap); sellers hear 3 days ahead.
    { name: 'listings-expire', cron: '*/10 * * * *', run: () => inContext(orm, () => container.get(ExpireListings).execute()) },
    { name: 'listings-expiry-reminders', cron: '37 * * * *', run: () => inContext(orm, () => container.get(RemindExpiringListings).execute()) },
    // Suspensions whose end came bring their listings back (the account is free by its date alone).
    { name: 'suspensions-end', cron: '*/5 * * * *', run: () => inContext(orm, () => container.get(EndSuspensions).execute()) },
    // Rental reviews whose 14 days ended are published, whether the other side wrote or not.
    { name: 'reviews-publish', cron: '17 * * * *', run: () => inContext(orm, () => container.get(PublishDueReviews).execute()) },
    // Market prices of the models whose listings changed, every 5 minutes (all of them daily): woken once at start, so a new database has them at once.
    // This process's vehicle pages read the new prices at once; other processes' copies are at most a minute old.
    {
      name: 'market-prices', cron: '*/5 * * * *', wakeable: true,
      run: async () => {
        const result = await inContext(orm, () => container.get(RefreshMarketPrices).execute());
        if (result.scope !== 'none') container.get(TOKENS.MarketPriceSnapshot).forget();
        return result;
      },
    },
    // The staff's Analytics: the last 8 days counted again every 10 minutes (and every day since the last run, after a pause).
    // Woken once at start, so a new database has figures at once.
    { name: 'analytics-rollup', cron: '*/10 * * * *', wakeable: true, run: () => container.get(RollUpMarketplaceDays).execute() },
    // Counters older than 400 days, and the viewer log of days before yesterday.
    { name: 'analytics-prune', cron: '17 3 * * *', run: () => container.get(PruneAnalytics).execute() },
    // Digests at 07:00 Lagos time: daily, and weekly on Mondays.
    { name: 'alerts-digest-daily', cron: '0 7 * * *', run: () => inContext(orm, () => container.get(SendAlertDigests).execute({ period: 'daily' })) },
    { name: 'alerts-digest-weekly', cron: '0 7 * * 1', run: () => inContext(orm, () => container.get(SendAlertDigests).execute({ period: 'weekly' })) },
    // Mail of the outbox: woken right after the commit of a change that wrote some, and every minute for what a wake missed or a retry awaits.
    // A run sends at most its batches; a backlog past them (a digest morning) goes on at once, run after run.
    {
      name: MAIL_SEND_QUEUE, cron: '* * * * *', wakeable: true, run: () => inContext(orm, () => container.get(MailSendJob).run()),
      moreLeft: (result) => (result as { more?: boolean }).more === true,
    },
    // Sellers' webhooks, the same way: woken by the commit of what they report, every minute for retries that fall due.
    {
      name: WEBHOOK_SEND_QUEUE, cron: '* * * * *', wakeable: true, run: () => inContext(orm, () => container.get(SendWebhookDeliveries).execute()),
      moreLeft: (result) => (result as { more?: boolean }).more === true,
    },
    // Idempotency keys are kept a day.
    { name: 'idempotency-keys-purge', cron: '29 * * * *', run: () => container.get(TOKENS.Idempotency).purge(new Date()) },
    // Rate-limit windows that ended.
    { name: 'rate-limits-prune', cron: '*/10 * * * *', run: () => container.get(TOKENS.RateLimits).prune() },
  ], (job, outcome, seconds, result) => metrics.jobRun(job, outcome, seconds, result));
  observe(metrics, { orm, readPool, replicaPool, streams: container.get(TOKENS.OpenStreams) });
  const root = projectRoot();
  let stopping = false;
  const app = createHttpApp(container, {
    readiness: readinessCheck(readPool, { jobsRunning: () => jobs.running(), stopping: () => stopping, photos: () => photos.check() }),
    stopping: () => stopping,
    metrics,
    apiSpecPath: path.join(root, 'openapi.yaml'),
    storefrontDir: path.join(root, 'storefront', 'dist'),
    backofficeDir: path.join(root, 'backoffice', 'dist'),
  });
  let opened: Promise<void> | undefined;
  const open = () => (opened ??= (async () => {
    server.off('request', answerStarting);
    server.on('request', app);
    await warmUp(url, logger);
  })());
  if (!options.held) await open();
  return {
    server,
    orm,
    logger,
    jobs,
    eventHub,
    url,
    searchCache: container.get(TOKENS.SearchCache),
    flushCounters: async () => {
      await Promise.all([container.get(TOKENS.ListingImpressions).flush(), container.get(TOKENS.ListingActivity).flush()]);
    },
    sandboxKey: config.paystackSandboxKey,
    open,
    close: async (graceMs = SHUTDOWN_GRACE_MS) => {
      stopping = true;
      await drain(server, container.get(TOKENS.OpenStreams), graceMs, logger);
      await jobs.stop();
      await cachesListener.close();
      await container.get(TOKENS.Mailer).close();
      await container.get(TOKENS.ListingImpressions).close();
      await container.get(TOKENS.ListingActivity).close();
      await eventHub.close();
      await verifier.close();
      await readPool.end();
      if (replicaPool !== readPool) await replicaPool.end();
      await orm.close();
      if (photos instanceof S3PhotoObjects) photos.close();
    },
  };
}

/** The gauges read at each scrape: the pools, the streams, the job queues, payments and the outboxes. */
function observe(metrics: Metrics, parts: { orm: MikroORM; readPool: pg.Pool; replicaPool: pg.Pool; streams: OpenStreams }): void {
  const { orm, readPool, replicaPool, streams } = parts;
  // The ORM's pool is knex's (tarn): in use, free, and callers waiting for a connection.
  const tarn = () => (orm.em.getConnection() as unknown as { getKnex(): { client: { pool?: TarnPool } } }).getKnex().client.pool;
  metrics.gauge('voltmarket_db_pool_connections', 'Database connections of this process by pool and state', ['pool', 'state'], () => {
    const pool = tarn();
    const pools = { read: readPool, ...(replicaPool !== readPool ? { replica: replicaPool } : {}) };
    const orm = pool ? [
      { labels: { pool: 'orm', state: 'in_use' }, value: pool.numUsed() },
      { labels: { pool: 'orm', state: 'idle' }, value: pool.numFree() },
      { labels: { pool: 'orm', state: 'waiting' }, value: pool.numPendingAcquires() },
    ] : [];
    return [...orm, ...poolReading(pools)];
  });
  metrics.gauge('voltmarket_live_streams_open', 'Live event streams open on this process', [], () => [{ labels: {}, value: streams.size }]);
  const counted = async (sql: string) => (await readPool.query<{ label: string; n: number }>(sql)).rows;
  metrics.gauge('voltmarket_job_queue_depth', 'Jobs waiting (created or retry) or running (active), by queue', ['queue', 'state'], async () =>
    (await readPool.query<{ name: string; state: string; n: number }>(
      `select name, state::text, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') group by name, state`)).rows
      .map((r) => ({ labels: { queue: r.name, state: r.state }, value: r.n })));
  metrics.gauge('voltmarket_payments', 'Payments by status (all time; pending until the gateway confirms)', ['status'], async () =>
    (await counted(`select status as label, count(*)::int as n from payments group by status`)).map((r) => ({ labels: { status: r.label }, value: r.n })));
  metrics.gauge('voltmarket_outbox_due', 'Mail and webhook deliveries waiting to be sent (retries included)', ['outbox'], async () =>
    (await counted(`select 'mail' as label, count(*)::int as n from mail_outbox where sent_at is null and failed_at is null
                    union all select 'webhooks', count(*)::int from webhook_deliveries where delivered_at is null and failed_at is null`))
      .map((r) => ({ labels: { outbox: r.label }, value: r.n })));
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

