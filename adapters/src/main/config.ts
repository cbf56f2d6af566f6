import path from 'node:path';
import { DEFAULT_PROMOTED_SLOTS } from '@voltmarket/domain';
import { READ_STATEMENT_TIMEOUT_MS } from '../postgres/read-pool.js';
import { ORM_STATEMENT_TIMEOUT_MS } from '../postgres/orm.js';
import { mailboxAddress } from '../mail/mail-address.js';
import type { ObjectStoreConfig } from '../storage/s3-photo-objects.js';

const TIMEOUT_MAX_MS = 3_600_000;
/** More slots than this would crowd out the buyer's own results on a phone's first screen. */
const MAX_PROMOTED_SLOTS = 6;

/** Everything the product reads from the environment, read once and checked here. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * A streaming replica for the read models (public search, a seller's list aside; the staff lists):
   * DATABASE_READ_URL. Null: they read the primary like everything else.
   */
  databaseReadUrl: string | null;
  /** A read on the read pools (search, the staff lists) running or waiting for a connection longer is given up: 503. */
  readTimeoutMs: number;
  /**
   * A statement through the ORM (writes, a listing's page, a conversation, the jobs) running or
   * waiting for a connection longer is given up: 503, its transaction rolled back. Migrations have none.
   */
  statementTimeoutMs: number;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost: string | null;
  /** The web app's public Firebase settings, handed to the browser clients. */
  firebaseApiKey: string;
  firebaseAuthDomain: string;
  adminEmails: string[];
  supportEmails: string[];
  paystackSecretKey: string | null;
  /**
   * Without PAYSTACK_SECRET_KEY: the sandbox checkout's key, made at random for the database on its
   * first start and kept in it (see sandboxSecretKey). Filled in when the API starts, not from the environment.
   */
  paystackSandboxKey: string | null;
  /** When set, webhook calls from any other address are refused (Paystack publishes the ones it sends from). */
  paystackWebhookIps: string[];
  publicUrl: string;
  logLevel: string;
  /** On unless RE_REVIEW_EDITS=false: a seller's material change to a live listing waits for review while the approved version stays live. */
  reReviewEdits: boolean;
  /** The bearer token Prometheus sends to /api/metrics; null: metrics are off (404). */
  metricsToken: string | null;
  /** An S3-compatible store for photos (S3_ENDPOINT, S3_BUCKET, …); null: a folder under dataDir. */
  objectStore: ObjectStoreConfig | null;
  /**
   * PUBLIC_MEDIA_URL: where browsers fetch photos from (a public bucket or a CDN in front of it);
   * `/uploads/<key>` then redirects to `<PUBLIC_MEDIA_URL>/<key>`. Null: the API serves them.
   */
  publicMediaUrl: string | null;
  /** Check every response against openapi.yaml (tests and development). */
  validateResponses: boolean;
  /** Test tooling: every API answer written to this file as a JSON line (scripts/contract-examples.mjs). */
  contractRecordFile: string | null;
  /** Per user (or visitor address) and minute: changes of any kind, and image uploads. */
  writesPerMinute: number;
  /** Per API key and minute: every request made with it, reads included. */
  apiKeyRequestsPerMinute: number;
  /**
   * Tests only (WEBHOOK_TEST_RECEIVER=loopback): webhooks may go to http:// on this machine's
   * loopback. Refused when NODE_ENV=production, so a deployment cannot turn it on by accident.
   */
  webhookLoopbackReceiver: boolean;
  uploadsPerMinute: number;
  /** Chat messages per account (or guest address) and minute, and per network address. */
  messagesPerMinute: number;
  messagesPerAddressPerMinute: number;
  /** Contact Seller inquiries per account (or visitor address) and hour, and per network address. */
  inquiriesPerHour: number;
  inquiriesPerAddressPerHour: number;
  /** Contact Us messages per account (or visitor address) and hour, and per network address. */
  contactMessagesPerHour: number;
  contactMessagesPerAddressPerHour: number;
  /** Live events are kept this long for streams that reconnect (Last-Event-ID), then pruned. */
  liveEventRetentionHours: number;
  /** A comment line this often keeps proxies and phones from closing a quiet event stream. */
  liveHeartbeatSeconds: number;
  /** Photos per account in 24 hours, and per network address for anonymous guests. */
  uploadDailyQuota: number;
  uploadDailyQuotaGuest: number;
  /** Promoted slots on each page of search results, besides its listings (0: none). */
  promotedSlots: number;
  /** Which proxies' X-Forwarded-For to believe (express "trust proxy"): the client address matters for limits and views. */
  trustProxy: string;
  /** Where outgoing mail is handed over: `smtp://host:port` or `smtps://user:pass@host:465`. Null: mail waits in the outbox, unsent. */
  smtpUrl: string | null;
  /** The sender of outgoing mail, a display name allowed: `Voltmarket <alerts@voltmarket.test>`. */
  mailFrom: string;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-voltmarket';
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  if (projectId.startsWith('demo-') && !emulator) {
    problems.push(`FIREBASE_PROJECT_ID "${projectId}" is a demo project: set FIREBASE_AUTH_EMULATOR_HOST (npm start does it for you)`);
  }
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres://');
  const databaseReadUrl = env.DATABASE_READ_URL?.trim() || null;
  if (databaseReadUrl && !/^postgres(ql)?:\/\//.test(databaseReadUrl)) problems.push('DATABASE_READ_URL must start with postgres://');
  const publicUrl = (env.PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(publicUrl)) problems.push('PUBLIC_URL must be an http(s) address');
  const writesPerMinute = Number(env.RATE_LIMIT_WRITES_PER_MINUTE ?? 120);
  const uploadsPerMinute = Number(env.RATE_LIMIT_UPLOADS_PER_MINUTE ?? 40);
  const apiKeyRequestsPerMinute = Number(env.RATE_LIMIT_API_KEY_PER_MINUTE ?? 600);
  const webhookTestReceiver = env.WEBHOOK_TEST_RECEIVER?.trim() || null;
  // Empty means off (the dev runner turns it on unless told otherwise).
  if (webhookTestReceiver !== null && webhookTestReceiver !== 'loopback') problems.push('WEBHOOK_TEST_RECEIVER may only be "loopback" (for tests)');
  if (webhookTestReceiver !== null && env.NODE_ENV === 'production') problems.push('WEBHOOK_TEST_RECEIVER is for tests and cannot be set when NODE_ENV=production');
  const uploadDailyQuota = Number(env.UPLOAD_DAILY_QUOTA ?? 200);
  const messagesPerMinute = Number(env.RATE_LIMIT_MESSAGES_PER_MINUTE ?? 30);
  const messagesPerAddressPerMinute = Number(env.RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_MINUTE ?? 120);
  const inquiriesPerHour = Number(env.RATE_LIMIT_INQUIRIES_PER_HOUR ?? 10);
  const inquiriesPerAddressPerHour = Number(env.RATE_LIMIT_INQUIRIES_PER_ADDRESS_PER_HOUR ?? 30);
  const contactMessagesPerHour = Number(env.RATE_LIMIT_CONTACT_PER_HOUR ?? 5);
  const contactMessagesPerAddressPerHour = Number(env.RATE_LIMIT_CONTACT_PER_ADDRESS_PER_HOUR ?? 5);
  const liveEventRetentionHours = Number(env.LIVE_EVENT_RETENTION_HOURS ?? 72);
  const liveHeartbeatSeconds = Number(env.LIVE_HEARTBEAT_SECONDS ?? 25);
  const uploadDailyQuotaGuest = Number(env.UPLOAD_DAILY_QUOTA_GUEST ?? 20);
  const readTimeoutMs = Number(env.READ_TIMEOUT_MS ?? READ_STATEMENT_TIMEOUT_MS);
  const statementTimeoutMs = Number(env.STATEMENT_TIMEOUT_MS ?? ORM_STATEMENT_TIMEOUT_MS);
  const promotedSlots = Number(env.PROMOTED_SLOTS ?? DEFAULT_PROMOTED_SLOTS);
  if (!Number.isInteger(promotedSlots) || promotedSlots < 0 || promotedSlots > MAX_PROMOTED_SLOTS) {
    problems.push(`PROMOTED_SLOTS must be a whole number from 0 to ${MAX_PROMOTED_SLOTS}`);
  }
  const counts = [
    ['RATE_LIMIT_WRITES_PER_MINUTE', writesPerMinute], ['RATE_LIMIT_UPLOADS_PER_MINUTE', uploadsPerMinute], ['RATE_LIMIT_API_KEY_PER_MINUTE', apiKeyRequestsPerMinute],
    ['UPLOAD_DAILY_QUOTA', uploadDailyQuota], ['UPLOAD_DAILY_QUOTA_GUEST', uploadDailyQuotaGuest],
    ['RATE_LIMIT_MESSAGES_PER_MINUTE', messagesPerMinute], ['RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_MINUTE', messagesPerAddressPerMinute],
    ['RATE_LIMIT_INQUIRIES_PER_HOUR', inquiriesPerHour], ['RATE_LIMIT_INQUIRIES_PER_ADDRESS_PER_HOUR', inquiriesPerAddressPerHour],
    ['RATE_LIMIT_CONTACT_PER_HOUR', contactMessagesPerHour], ['RATE_LIMIT_CONTACT_PER_ADDRESS_PER_HOUR', contactMessagesPerAddressPerHour],
    ['LIVE_EVENT_RETENTION_HOURS', liveEventRetentionHours], ['LIVE_HEARTBEAT_SECONDS', liveHeartbeatSeconds],
    ['READ_TIMEOUT_MS', readTimeoutMs], ['STATEMENT_TIMEOUT_MS', statementTimeoutMs],
  ] as const;
  for (const [name, value] of counts) {
    if (!Number.isInteger(value) || value < 1) problems.push(`${name} must be a whole number above 0`);
  }
  // Postgres takes a statement_timeout up to 2^31 - 1 ms; an hour is already far past any request.
  for (const [name, value] of [['READ_TIMEOUT_MS', readTimeoutMs], ['STATEMENT_TIMEOUT_MS', statementTimeoutMs]] as const) {
    if (value > TIMEOUT_MAX_MS) problems.push(`${name} must be at most ${TIMEOUT_MAX_MS} (an hour)`);
  }
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken !== null && !/^[\x21-\x7e]{16,200}$/.test(metricsToken)) problems.push('METRICS_TOKEN must be 16 to 200 printable characters without spaces (or unset: no metrics)');
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !isSmtpUrl(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// address with a host, e.g. smtp://127.0.0.1:1025');
  const mailFrom = env.MAIL_FROM?.trim() || 'Voltmarket <alerts@voltmarket.test>';
  if (!mailboxAddress(mailFrom)) problems.push('MAIL_FROM must be a mail address, a display name allowed, e.g. Voltmarket <alerts@voltmarket.ng>');
  const objectStore = objectStoreOf(env, problems);
  const publicMediaUrl = env.PUBLIC_MEDIA_URL?.trim().replace(/\/+$/, () => '') || null;
  if (publicMediaUrl !== null && !isWebAddress(publicMediaUrl)) problems.push('PUBLIC_MEDIA_URL must be an http:// or https:// address without a query, e.g. https://media.voltmarket.ng');
  if (problems.length > 0) throw new ConfigError(`Configuration is not valid:\n- ${problems.join('\n- ')}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl,
    databaseReadUrl,
    readTimeoutMs,
    statementTimeoutMs,
    firebaseProjectId: projectId,
    firebaseAuthEmulatorHost: emulator,
    firebaseApiKey: env.FIREBASE_API_KEY?.trim() || 'demo-api-key',
    firebaseAuthDomain: env.FIREBASE_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
    adminEmails: emailList(env.ADMIN_EMAILS ?? 'admin@voltmarket.test'),
    supportEmails: emailList(env.SUPPORT_EMAILS ?? 'support@voltmarket.test'),
    paystackSecretKey: env.PAYSTACK_SECRET_KEY?.trim() || null,
    paystackSandboxKey: null,
    paystackWebhookIps: (env.PAYSTACK_WEBHOOK_IPS ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
    publicUrl,
    logLevel,
    reReviewEdits: env.RE_REVIEW_EDITS !== 'false',
    validateResponses: env.VALIDATE_RESPONSES === 'true',
    contractRecordFile: env.CONTRACT_RECORD_FILE?.trim() || null,
    writesPerMinute,
    apiKeyRequestsPerMinute,
    webhookLoopbackReceiver: webhookTestReceiver === 'loopback',
    uploadsPerMinute,
    messagesPerMinute,
    messagesPerAddressPerMinute,
    inquiriesPerHour,
    inquiriesPerAddressPerHour,
    contactMessagesPerHour,
    contactMessagesPerAddressPerHour,
    liveEventRetentionHours,
    liveHeartbeatSeconds,
    uploadDailyQuota,
    uploadDailyQuotaGuest,
    promotedSlots,
    trustProxy: env.TRUST_PROXY ?? 'loopback',
    smtpUrl,
    mailFrom,
    metricsToken,
    objectStore,
    publicMediaUrl,
  };
}

/** S3_ENDPOINT turns the object store on; the rest has defaults a local MinIO takes. */
function objectStoreOf(env: NodeJS.ProcessEnv, problems: string[]): ObjectStoreConfig | null {
  const endpoint = env.S3_ENDPOINT?.trim();
  if (!endpoint) return null;
  if (!isWebAddress(endpoint)) problems.push('S3_ENDPOINT must be an http:// or https:// address, e.g. http://127.0.0.1:9000');
  const bucket = env.S3_BUCKET?.trim() || 'voltmarket-photos';
  // S3's own rule for bucket names: 3 to 63 lower-case letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push('S3_BUCKET must be 3 to 63 lower-case letters, digits, dots and hyphens');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS SDK finds credentials itself)');
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() || 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false') problems.push('S3_FORCE_PATH_STYLE must be true or false');
  return { endpoint, bucket, region: env.S3_REGION?.trim() || 'us-east-1', accessKeyId, secretAccessKey, forcePathStyle: pathStyle === 'true' };
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const emailList = (value: string): string[] =>
  value.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
