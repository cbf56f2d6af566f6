import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors.js';

export interface RateLimitOptions {
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
 * Fixed-window limits per account or address, kept in this process. With several replicas each
 * keeps its own count, so the effective limit is per replica. Mounted on the routes it guards (not
 * matched on a path prefix), so no spelling of a path that reaches a handler skips its limit.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const windows = new Map<string, { started: number; count: number }>();
  let lastSweep = Date.now();
  return (req, res, next) => {
    if (options.applies && !options.applies(req.method, req)) return next();
    const now = Date.now();
    if (now - lastSweep > options.windowMs) {
      for (const [key, w] of windows) if (now - w.started >= options.windowMs) windows.delete(key);
      lastSweep = now;
    }
    const key = options.per === 'address' ? `ip:${req.ip ?? ''}` : limitKey(req);
    let window = windows.get(key);
    if (!window || now - window.started >= options.windowMs) {
      window = { started: now, count: 0 };
      windows.set(key, window);
    }
    window.count++;
    const resetSeconds = Math.ceil((window.started + options.windowMs - now) / 1000);
    tellLimit(res, options.limit, Math.max(0, options.limit - window.count), resetSeconds);
    if (window.count > options.limit) {
      const retryAfter = resetSeconds;
      res.setHeader('Retry-After', String(retryAfter));
      const message = (options.message ?? 'Too many requests. Try again in {seconds} s.').replace('{seconds}', () => String(retryAfter));
      return next(new HttpError(429, 'RATE_LIMITED', message));
    }
    next();
  };
}
