import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Container } from 'inversify';
import { pinoHttp } from 'pino-http';
import swaggerUi from 'swagger-ui-express';
import { parse } from 'yaml';
import { Authenticate, AuthenticateApiKey, GetListingPreview, GetSellerProfile, GetSitemap, GetSitemapPart, type RenditionSize } from '@voltmarket/application';
import { TOKENS } from '../main/container.js';
import type { Readiness } from '../main/readiness.js';
import type { Metrics } from '../observability/metrics.js';
import { requestScope } from '../postgres/orm.js';
import { onlyTheCallerClaimed, resolveActor } from './auth.js';
import { apiKeyScopes } from './api-key-scopes.js';
import { contractOperations, operationIdOf } from './contract-operations.js';
import { contractRecorder } from './contract-recorder.js';
import { idempotentRequests } from './idempotency.js';
import { contentSecurityPolicy, inlineScriptsOf, securityHeaders } from './content-security.js';
import { headAsGet, privateToCaller } from './edge.js';
import { photoFiles } from './photo-files.js';
import { errorHandler, HttpError, sendError } from './errors.js';
import { decimalQueryNumbers, integerQueryNames, normaliseInputText, singleQueryValues } from './input-guards.js';
import { rateLimit } from './rate-limit.js';
import { loggableUrl, requestLogFields } from './request-log.js';
import { adminRoutes } from './routes/admin-routes.js';
import { adminUserRoutes } from './routes/admin-user-routes.js';
import { adminVehicleRoutes } from './routes/admin-vehicle-routes.js';
import { conversationRoutes } from './routes/conversation-routes.js';
import { notificationRoutes } from './routes/notification-routes.js';
import { wishlistRoutes } from './routes/wishlist-routes.js';
import { savedSearchRoutes } from './routes/saved-search-routes.js';
import { marketPriceRoutes } from './routes/market-price-routes.js';
import { reviewRoutes } from './routes/review-routes.js';
import { sellerRoutes } from './routes/seller-routes.js';
import { adminReviewRoutes } from './routes/admin-review-routes.js';
import { safetyRoutes } from './routes/safety-routes.js';
import { adminSafetyRoutes } from './routes/admin-safety-routes.js';
import { contactRoutes } from './routes/contact-routes.js';
import { developerRoutes } from './routes/developer-routes.js';
import { adminDealerRoutes } from './routes/admin-dealer-routes.js';
import { analyticsRoutes } from './routes/analytics-routes.js';
import { paystackWebhook } from './routes/paystack-webhook.js';
import { advertisingRoutes } from './routes/advertising-routes.js';
import { adminAdvertisingRoutes } from './routes/admin-advertising-routes.js';
import { adminRentalRoutes } from './routes/admin-rental-routes.js';
import { rentalRoutes } from './routes/rental-routes.js';
import { paystackSandbox } from '../paystack/paystack-sandbox.js';
import { sandboxKeyOf } from '../main/modules/advertising.js';
import { identityRoutes } from './routes/identity-routes.js';
import { listingRoutes } from './routes/listing-routes.js';
import { uploadRoutes } from './routes/upload-routes.js';
import { storefrontPages } from './storefront-pages.js';
import { firstViewCallers, firstViewRenderer, sameServerApi } from './first-view.js';
import { keepCompiledRoutePatterns } from './validator-route-patterns.js';

export interface HttpAppOptions {
  /** Path to openapi.yaml. */
  apiSpecPath: string;
  /** Built client folders; a missing one is simply not served. */
  storefrontDir?: string;
  backofficeDir?: string;
  /** What GET /api/ready answers (main/readiness.ts). */
  readiness: () => Promise<Readiness>;
  /** True once the process was told to stop: answers then close their connection. */
  stopping: () => boolean;
  /** What /api/metrics serves; every API request's time is observed into it. */
  metrics: Metrics;
}

/** A request's id: the one its sender gave (a proxy's, in logs on both sides) when well formed, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

const NOT_VALIDATED = /^\/api\/(docs|openapi\.yaml|upload)(\/|$)/;

export function createHttpApp(c: Container, options: HttpAppOptions): Express {
  const config = c.get(TOKENS.Config);
  const logger = c.get(TOKENS.Logger);
  const orm = c.get(TOKENS.Orm);
  const specText = readFileSync(options.apiSpecPath, 'utf8');
  const spec = parse(specText) as Record<string, unknown>;
  const operations = contractOperations(spec as never);

  const app = express();
  app.disable('x-powered-by');
  // "/API/vehicles" must not be a second, unvalidated way into "/api/vehicles".
  app.set('case sensitive routing', true);
  app.set('strict routing', false);
  app.set('trust proxy', config.trustProxy);
  // The storefront's renderer asks this API for its pages' data as their visitors (first-view.ts).
  app.use(firstViewCallers);
  app.set('query parser', 'simple');
  // Shutting down: each answer closes its connection, so the client's next request goes elsewhere.
  app.use((_req, res, next) => {
    if (options.stopping()) res.setHeader('Connection', 'close');
    next();
  });

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') },
      customProps: requestLogFields(operations),
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // An inline script of the storefront's page would be allowed by its hash (it has none today); nothing else inline runs.
  const storefrontIndex = options.storefrontDir ? path.join(options.storefrontDir, 'index.html') : null;
  const inlineScripts = storefrontIndex && existsSync(storefrontIndex) ? inlineScriptsOf(readFileSync(storefrontIndex, 'utf8')) : [];
  app.use(securityHeaders(contentSecurityPolicy({
    firebaseAuthDomain: config.firebaseAuthDomain, authEmulatorHost: config.firebaseAuthEmulatorHost, inlineScripts,
    mediaOrigin: config.publicMediaUrl ? new URL(config.publicMediaUrl).origin : null,
  })));

  // Phones on mobile data: scripts, styles and JSON pages travel gzip-compressed.
  // Not the event stream: a compressor would hold events back to fill its buffer.
  app.use(compression({ threshold: 1024, filter: (req, res) => req.path !== '/api/events' && compression.filter(req, res) }));

  // Test tooling: records answers for the contract's examples, the health check's too.
  if (config.contractRecordFile) app.use('/api', contractRecorder(spec as never, config.contractRecordFile));
  app.get('/api/openapi.yaml', (_req, res) => res.type('application/yaml').send(specText));
  app.use('/api/docs', onlyReading, swaggerUi.serve, swaggerUi.setup(spec, { customSiteTitle: 'Voltmarket API' }));
  // Each API request's time, by the contract's operation (a bounded set of labels, unlike paths).
  app.use('/api', (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      options.metrics.request(operationIdOf(operations, req, res), req.method, res.statusCode, (performance.now() - started) / 1000);
    });
    next();
  });
  // Prometheus's: only with METRICS_TOKEN set, and only to a caller that sends it.
  app.get('/api/metrics', async (req, res) => {
    // As every answer to a caller who sent credentials: kept by no cache, and never shared.
    res.set('Cache-Control', 'no-store');
    res.vary('Authorization');
    if (!config.metricsToken) return sendError(res, 404, 'ROUTE_NOT_FOUND', 'Metrics are off: set METRICS_TOKEN to serve them.');
    if (!sameSecret(req.get('authorization') ?? '', `Bearer ${config.metricsToken}`)) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(res, 401, 'NOT_SIGNED_IN', 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.');
    }
    res.type(options.metrics.contentType).send(await options.metrics.text());
  });
  app.get('/api/ready', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const readiness = await options.readiness();
    if (readiness.status !== 'ready') res.set('Retry-After', '5');
    res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
  });
  app.get('/api/health', async (_req, res) => {
    const started = performance.now();
    const up = await orm.em.getConnection().execute('select 1').then(() => true, () => false);
    res.status(up ? 200 : 503).json({
      status: up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  // No Paystack key: our own checkout stands in for Paystack's servers (see paystack-sandbox.ts).
  if (!config.paystackSecretKey) {
    app.use('/sandbox/paystack', paystackSandbox({ secretKey: sandboxKeyOf(config), publicUrl: config.publicUrl, pool: c.get(TOKENS.ReadPool), logger }));
  }

  app.use('/api', headAsGet, privateToCaller);
  // Before any JSON parsing: the webhook's signature covers its raw bytes.
  app.use('/api', paystackWebhook(c));
  app.use('/api', express.json({ limit: '100kb', strict: true }));
  // A dealer's stock: CSV or JSON lines, up to 1,000 rows.
  app.use('/api/listings/import', express.text({ type: ['text/csv', 'application/x-ndjson'], limit: '2mb' }));
  // A mail client's one-click unsubscribe posts a form (RFC 8058): the only form the API reads.
  app.use('/api/saved-searches/unsubscribe', express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 4 }));
  app.use('/api', normaliseInputText, singleQueryValues, decimalQueryNumbers(integerQueryNames(spec)));
  keepCompiledRoutePatterns();
  app.use(
    OpenApiValidator.middleware({
      apiSpec: spec as never,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, removeAdditional: false, allErrors: true },
      validateResponses: config.validateResponses,
      validateSecurity: false,
      validateFormats: true,
      fileUploader: false,
      // Case-exact like the routers: "/api/UPLOAD/image" is validated (and unknown), not waved through.
      ignorePaths: (p: string) => !p.startsWith('/api/') || NOT_VALIDATED.test(p),
    }),
  );
  app.use('/api', requestScope);
  app.use('/api', resolveActor(c.get(Authenticate), c.get(AuthenticateApiKey)), onlyTheCallerClaimed, apiKeyScopes(spec as never));
  // Each API key has its own allowance for every request, reads included, besides the writes' limit.
  const limits = c.get(TOKENS.RateLimits);
  app.use('/api', rateLimit(limits, { name: 'api-key', limit: config.apiKeyRequestsPerMinute, windowMs: 60_000, applies: (_method, req) => req.actor?.apiKey !== undefined }));
  app.use('/api', rateLimit(limits, { name: 'writes', limit: config.writesPerMinute, windowMs: 60_000, applies: (method) => method !== 'GET' && method !== 'HEAD' }));
  app.use('/api', idempotentRequests(c.get(TOKENS.Idempotency), spec as never));
  app.use('/api', identityRoutes(c), listingRoutes(c), adminRoutes(c), adminVehicleRoutes(c), adminUserRoutes(c), uploadRoutes(c),
    conversationRoutes(c), notificationRoutes(c), wishlistRoutes(c), savedSearchRoutes(c), marketPriceRoutes(c), reviewRoutes(c), sellerRoutes(c), adminReviewRoutes(c), adminDealerRoutes(c), advertisingRoutes(c), adminAdvertisingRoutes(c), rentalRoutes(c), adminRentalRoutes(c),
    analyticsRoutes(c), safetyRoutes(c), adminSafetyRoutes(c), contactRoutes(c), developerRoutes(c, spec as never));
  app.use('/api', (req, res) => sendError(res, 404, 'ROUTE_NOT_FOUND', `No route ${req.method} ${req.path}.`));
  // "/Api/vehicles" is no route either (routing is case-exact), but whoever sent it wants JSON.
  app.use((req, res, next) => (/^\/api(\/|$)/i.test(req.path) ? sendError(res, 404, 'ROUTE_NOT_FOUND', `No route ${req.method} ${req.path}.`) : next()));

  // Renditions added later (data saver's small, a dense phone's medium): made on first use for photos
  // stored before they were written with the others.
  const images = c.get(TOKENS.ImageStore);
  const laterRendition = /^(\/uploads\/.+)-(small|medium)\.webp$/;
  app.get(laterRendition, (req, _res, next) => {
    const [, stem, size] = laterRendition.exec(req.path)!;
    void images.rendition(`${stem}.webp`, size as RenditionSize).then(() => next(), () => next());
  });
  app.use('/uploads', onlyReading, photoFiles(c.get(TOKENS.PhotoObjects), config.publicMediaUrl));
  serveBackoffice(app, options.backofficeDir);
  if (options.storefrontDir && existsSync(path.join(options.storefrontDir, 'index.html'))) {
    // The storefront's server build sits beside its browser build (storefront/dist-server).
    const renderer = path.join(options.storefrontDir, '..', 'dist-server', 'entry-server.js');
    app.use(storefrontPages({ dir: options.storefrontDir, publicUrl: config.publicUrl, preview: c.get(GetListingPreview), seller: c.get(GetSellerProfile),
      sitemap: c.get(GetSitemap), sitemapPart: c.get(GetSitemapPart),
      firstView: firstViewRenderer(renderer, logger), api: sameServerApi, logger }));
  }
  // Whatever no one answered (any method, any path): a JSON 404, never Express's HTML page.
  app.use((req, res) => sendError(res, 404, 'NOT_FOUND', `There is nothing at ${req.method} ${req.path}.`));

  app.use(errorHandler(logger));
  return app;
}

/** The backoffice is a single-page app under /admin: its files with long caching, every other path gets index.html. */
function serveBackoffice(app: Express, dir: string | undefined): void {
  if (!dir || !existsSync(path.join(dir, 'index.html'))) return;
  app.use('/admin', express.static(dir, { index: false, maxAge: '1h', setHeaders: cacheAssets, redirect: false }));
  app.get(/^\/admin(\/.*)?$/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dir, 'index.html'));
  });
  app.all(/^\/admin(\/.*)?$/, onlyReading);
}

/** Files and pages that are only read: another method gets a 405 naming GET and HEAD (OPTIONS a 204). */
function onlyReading(req: express.Request, _res: express.Response, next: express.NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  next(new HttpError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.originalUrl.split('?')[0]}.`, [], 'GET, HEAD'));
}

function cacheAssets(res: express.Response, filePath: string): void {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

/** Compares two secrets in a time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

