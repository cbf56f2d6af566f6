import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors.js';

/** Where the windows are counted: Postgres (postgres/rate-limit-store.ts), shared by every API process. */
export interface RateLimitCounter {
  hit(name: string, key: string, windowMs: number): Promise<{ hits: number; resetMs: number }>;
}

export interface RateLimitOptions {
  /** The limit's name, the same in every process: its windows are counted under it. */
  name: string;
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
  /** Counted only when this says so (e.g. writes, not reads); every request when absent. */
  applies?: (method: string, req: Request) => boolean;
  /** Count per account (guests by address), the default, or per network address whoever is signed in. */
  per?: 'account' | 'address';
  /** What the person is told; `{seconds}` is replaced. */
  message?: string;
}

/**
 * Who a limit counts against: an API key, a signed-in account, else the network address. Guest
 * accounts cost nothing to mint, so they count by address too, or a new guest would be a new allowance.
 */
export function limitKey(req: Request): string {
  if (req.actor?.apiKey) return `key:${req.actor.apiKey.id}`;
  return req.actor && !req.actor.isGuest ? `user:${req.actor.userId}` : `ip:${req.ip ?? ''}`;
}

/**
 * Tells the client where it stands before it is refused: RateLimit-Limit, RateLimit-Remaining and
 * RateLimit-Reset (seconds until the window starts again), as the IETF's RateLimit header fields
 * draft names them. Where several limits guard a route, the one closest to refusing is told.
 */
function tellLimit(res: Response, limit: number, remaining: number, resetSeconds: number): void {
  const told = res.getHeader('RateLimit-Remaining');
  if (told !== undefined && Number(told) <= remaining) return;
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(remaining));
  res.setHeader('RateLimit-Reset', String(resetSeconds));
}

/**
 * Fixed-window limits per account or address, counted in the database so that every replica counts
 * the same window (a window starts at the caller's first request). Mounted on the routes it guards
 * (not matched on a path prefix), so no spelling of a path that reaches a handler skips its limit.
 * A count that cannot be made (the database down) fails the request as the database would: 503.
 */
export function rateLimit(counter: RateLimitCounter, options: RateLimitOptions): RequestHandler {
  return (req, res, next) => {
    if (options.applies && !options.applies(req.method, req)) return next();
    const key = options.per === 'address' ? `ip:${req.ip ?? ''}` : limitKey(req);
    counter.hit(options.name, key, options.windowMs).then(({ hits, resetMs }) => {
      const resetSeconds = Math.ceil(resetMs / 1000);
      tellLimit(res, options.limit, Math.max(0, options.limit - hits), resetSeconds);
      if (hits <= options.limit) return next();
      const retryAfter = Math.max(1, resetSeconds);
      res.setHeader('Retry-After', String(retryAfter));
      const message = (options.message ?? 'Too many requests. Try again in {seconds} s.').replace('{seconds}', () => String(retryAfter));
      next(new HttpError(429, 'RATE_LIMITED', message));
    }, next);
  };
}
