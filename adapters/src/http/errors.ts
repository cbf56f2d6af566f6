import type { ErrorRequestHandler, Response } from 'express';
import multer from 'multer';
import type { Logger } from 'pino';
import { PaymentGatewayError } from '@voltmarket/application';
import { DomainError, type DomainErrorKind, type FieldIssue } from '@voltmarket/domain';
import { PhotoStoreUnavailableError } from '../storage/photo-objects.js';

const STATUS: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rule: 422,
  too_large: 413,
  unsupported_media: 415,
  quota: 429,
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldIssue[] = [],
    /** For a 405: the methods the path does answer. */
    readonly allow?: string,
  ) {
    super(message);
  }
}

export function sendError(res: Response, status: number, code: string, message: string, details: readonly FieldIssue[] = []): void {
  const requestId = res.getHeader('x-request-id');
  res.status(status).json({ error: { code, message, details, ...(requestId ? { requestId: String(requestId) } : {}) } });
}

interface ValidatorIssue {
  path?: string;
  message?: string;
  errorCode?: string;
}

/** express-openapi-validator reports `/body/price` or `/query/limit`; people want `price`, `limit`. */
function fieldIssues(errors: ValidatorIssue[] | undefined): FieldIssue[] {
  return (errors ?? []).map((e) => {
    const where = /^\/?(body|query|params|path|headers)\b/.exec(e.path ?? '')?.[1];
    const field = (e.path ?? '')
      .replace(/^\/?(body|query|params|path|headers)\/?/, '')
      .replace(/^\./, '')
      .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
      .replace(/\//g, '.') || (where === 'query' ? 'query' : 'body');
    let message = e.message ?? 'is not valid';
    if (e.errorCode?.startsWith('required')) message = `${field} is required`;
    else if (field === 'query' && where === 'query') message = 'A query parameter has no name';
    else if (e.errorCode?.startsWith('additionalProperties') || /unknown query parameter/i.test(message)) {
      message = `${field} is not a field this request accepts`;
    } else if (/^Empty value found/i.test(message)) message = `${field} must not be empty`;
    // The contract's pattern is for machines ("^[A-Za-z0-9_-]+$"); a person needs to know it is not one.
    else if (e.errorCode?.startsWith('pattern')) message = `${field} is not in the form this field takes`;
    else message = `${field} ${message}`;
    return { field, message };
  });
}

/**
 * The database gave up or could not be reached: a read over its time limit (57014), a server going
 * down or refusing connections (57P0x, 53300, 08xxx), a connection refused, cut or not had in time.
 * MikroORM's exceptions keep the driver's `code`.
 */
const UNAVAILABLE = new Set(['57014', '57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
/** Whether a failure is the database being unreachable, restarting or too slow (503), not a fault of ours (500). */
export function databaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, name, message } = err as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE.has(code) || code.startsWith('08'))) return true;
  // Knex's wait for a pooled connection reaches us as itself or, through the ORM, as a DriverException with its message;
  // knex puts the statement before pg's own message ("select … - Connection terminated unexpectedly").
  // "Transaction query already complete": a statement reached a transaction that had ended under it. No use case sends
  // one after its commit; it comes when another statement of the transaction lost the connection (met with Postgres
  // stopping under listing creates), and that first error is lost to knex.
  return name === 'KnexTimeoutError'
    || (typeof message === 'string'
      && /(^|\s-\s)(timeout exceeded when trying to connect|Connection terminated|Knex: Timeout acquiring a connection|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Transaction query already complete)/.test(message));
}

/** Seconds a client is asked to wait after a 503 from the database. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The one place where failures become HTTP answers. Nothing but a plain message reaches the client. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof DomainError) {
      if (err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      return sendError(res, STATUS[err.kind], err.code, err.message, err.details);
    }
    if (err instanceof HttpError) {
      if (err.status === 405 && err.allow) res.setHeader('Allow', err.allow);
      if (err.status === 405 && req.method === 'OPTIONS' && err.allow) return res.status(204).end();
      return sendError(res, err.status, err.code, err.message, err.details);
    }
    if (err instanceof PaymentGatewayError) {
      // Paystack's own words stay in the log; the client hears what to do.
      logger.warn({ err: { message: err.message }, path: req.path }, 'payment gateway');
      if (err.retryable) {
        res.setHeader('Retry-After', '30');
        return sendError(res, 503, 'PAYMENT_GATEWAY_UNAVAILABLE', 'The payment service could not be reached. Nothing was charged; please try again in a moment.');
      }
      // A refund refused has charged nothing either, but it has also given nothing back: say so.
      if (err.asked === 'refund') {
        return sendError(res, 502, 'PAYMENT_GATEWAY_FAILED', 'The payment service refused the refund. Nothing was refunded and the payment is unchanged; please try again or contact Paystack support.');
      }
      return sendError(res, 502, 'PAYMENT_GATEWAY_FAILED', 'The payment service refused the request. Nothing was charged; please try again or contact support.');
    }
    if (err instanceof multer.MulterError) {
      const name = err.field ?? 'file';
      if (err.code === 'LIMIT_FILE_SIZE') {
        return sendError(res, 413, 'IMAGE_TOO_LARGE', 'The file exceeds 5MB limit', [{ field: 'image', message: 'The file exceeds 5MB limit' }]);
      }
      return sendError(res, 400, 'VALIDATION_FAILED', 'Send one image in the field "image".', [{ field: name, message: err.message }]);
    }
    const e = err as { status?: number; statusCode?: number; type?: string; errors?: ValidatorIssue[]; message?: string; headers?: Record<string, unknown> };
    const status = e.status ?? e.statusCode;
    const allow = e.headers?.Allow;
    // A 405 names what the path does allow; every GET route answers HEAD too. OPTIONS asks just that.
    if (status === 405 && typeof allow === 'string') {
      res.setHeader('Allow', allow.includes('GET') ? `${allow}, HEAD` : allow);
      if (req.method === 'OPTIONS') return res.status(204).end();
    }
    if (e.type === 'entity.parse.failed') return sendError(res, 400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
    if (e.type === 'entity.too.large') return sendError(res, 413, 'BODY_TOO_LARGE', 'The request body is too large.');
    if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
      return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON in UTF-8.');
    }
    if (Array.isArray(e.errors) && status !== undefined && status < 500) {
      if (status === 400) return sendError(res, 400, 'VALIDATION_FAILED', 'Some fields are not valid.', fieldIssues(e.errors));
      if (status === 404) return sendError(res, 404, 'ROUTE_NOT_FOUND', `No route ${req.method} ${req.path}.`);
      if (status === 405) return sendError(res, 405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}.`);
      if (status === 415) return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON (Content-Type: application/json).');
      return sendError(res, status, 'BAD_REQUEST', e.message ?? 'Bad request.', fieldIssues(e.errors));
    }
    if (status === 404) return sendError(res, 404, 'NOT_FOUND', 'Nothing here.');
    // A path that tries to climb out of a served folder ("/uploads/..%2fx"), as the file server refuses it.
    if (status === 403) return sendError(res, 403, 'FORBIDDEN', 'That path is not allowed.');
    if (status !== undefined && status >= 400 && status < 500) {
      return sendError(res, status, 'BAD_REQUEST', 'The request could not be understood.');
    }
    if (databaseUnavailable(err)) {
      logger.warn({ err: { message: (err as Error).message, code: (err as { code?: unknown }).code }, reqId: req.id, path: req.path }, 'database unavailable');
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return sendError(res, 503, 'SERVICE_UNAVAILABLE', 'Voltmarket could not answer in time. Please try again in a moment.');
    }
    if (err instanceof PhotoStoreUnavailableError) {
      logger.warn({ err: { message: err.message }, reqId: req.id, path: req.path }, 'photo store unavailable');
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return sendError(res, 503, 'SERVICE_UNAVAILABLE', 'Photos cannot be stored or fetched right now. Nothing was saved; please try again in a moment.');
    }
    logger.error({ err, reqId: req.id }, 'unhandled error');
    return sendError(res, 500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  };
}
