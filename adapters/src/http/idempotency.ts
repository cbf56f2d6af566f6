import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { DomainError } from '@voltmarket/domain';
import type { PostgresIdempotency } from '../postgres/idempotency-store.js';
import { visitorKey } from './auth.js';
import { type ContractOperation, type ContractSpec, contractOperations, findOperation } from './contract-operations.js';

const KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** How long a retry waits for the first request's answer before it is told to come back. */
const WAIT_MS = 10_000;
/** Answers worth keeping: the work's outcome. A 401, a 429 or a 5xx says "try again", so the key is freed. */
const kept = (status: number): boolean => (status >= 200 && status < 300) || [400, 403, 404, 409, 413, 415, 422].includes(status);

/** Whether the contract's operation takes an Idempotency-Key (a POST that creates). */
const takesIdempotencyKey = (o: ContractOperation): boolean =>
  o.method === 'POST' && (o.operation.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey' || (p.in === 'header' && p.name === 'Idempotency-Key'));

/** The same request, whatever the order of its JSON keys: method, path and body. */
function requestHash(req: Request): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  const file = (req as Request & { file?: { buffer: Buffer; fieldname: string } }).file;
  const hash = createHash('sha256').update(`${req.method} ${req.baseUrl}${req.path}\n`);
  if (file) hash.update(file.fieldname).update(file.buffer);
  else hash.update(typeof req.body === 'string' ? req.body : JSON.stringify(canonical(req.body ?? null)));
  return hash.digest('hex');
}

const ownerOf = (req: Request): string => (req.actor && !req.actor.isGuest ? `user:${req.actor.userId}` : `visitor:${visitorKey(req)}`);

/**
 * Makes a creating POST safe to retry: with an Idempotency-Key, the first request does the work and
 * its answer is kept a day; the same key and body again gets that answer (Idempotent-Replayed:
 * true) and nothing more happens; another body with the key is a 422. Retries that race the first
 * wait for its answer. For multipart uploads, mount it after the file is read (its bytes are the body).
 */
export function idempotent(store: PostgresIdempotency, operation: string): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('Idempotency-Key');
    if (key === undefined) return next();
    if (!KEY.test(key)) {
      return next(new DomainError('validation', 'VALIDATION_FAILED', 'Some fields are not valid.', [{ field: 'Idempotency-Key', message: 'Idempotency-Key is 16 to 64 letters, digits, dashes or underscores' }]));
    }
    const owner = ownerOf(req);
    const hash = requestHash(req);
    let claim = await store.claim(owner, key, operation, hash, new Date());
    for (const started = Date.now(); claim.state === 'in_progress' && Date.now() - started < WAIT_MS;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      claim = await store.claim(owner, key, operation, hash, new Date());
    }
    if (claim.state === 'mismatch') {
      return next(new DomainError('rule', 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request: use a new key for a new request.'));
    }
    if (claim.state === 'in_progress') {
      res.setHeader('Retry-After', '1');
      return next(new DomainError('conflict', 'IDEMPOTENCY_REQUEST_IN_PROGRESS', 'A request with this Idempotency-Key is still being answered: try again in a moment.'));
    }
    if (claim.state === 'done') {
      res.setHeader('Idempotent-Replayed', 'true');
      if (claim.location) res.setHeader('Location', claim.location);
      return res.status(claim.status).type('application/json').send(claim.body);
    }
    keepAnswer(res, store, owner, key);
    next();
  };
}

/** Records the answer before it leaves; an answer not worth keeping frees the key for a retry. */
function keepAnswer(res: Response, store: PostgresIdempotency, owner: string, key: string): void {
  const send = res.json.bind(res);
  let settled = false;
  res.json = (body: unknown) => {
    if (settled) return send(body);
    settled = true;
    const status = res.statusCode;
    const location = res.getHeader('Location');
    const done = kept(status)
      ? store.complete(owner, key, { status, location: typeof location === 'string' ? location : null, body: JSON.stringify(body) })
      : store.release(owner, key);
    void done.then(() => send(body), () => send(body));
    return res;
  };
  // A request that ends without a JSON answer (a closed connection, a crash) frees its key.
  res.on('close', () => {
    if (!settled) void store.release(owner, key).catch(() => undefined);
  });
}

/** The generic guard for JSON and text bodies, on every operation whose contract takes the header (uploads mount it themselves). */
export function idempotentRequests(store: PostgresIdempotency, spec: ContractSpec): RequestHandler {
  const operations = contractOperations(spec).filter(takesIdempotencyKey);
  const guards = new Map(operations.map((o) => [o, idempotent(store, o.operation.operationId ?? o.pattern.source)]));
  return (req, res, next) => {
    if (req.method !== 'POST' || req.is('multipart/form-data')) return next();
    const operation = findOperation(operations, req.method, `/api${req.path}`);
    return operation ? guards.get(operation)!(req, res, next) : next();
  };
}
