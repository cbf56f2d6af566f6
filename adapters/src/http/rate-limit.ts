import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
  /** Counted only when this says so (e.g. writes, not reads). */
  applies: (method: string, path: string) => boolean;
}

/**
 * Fixed-window limits per signed-in user (or per address for visitors), kept in this process.
 * With several replicas each keeps its own count, so the effective limit is per replica.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const windows = new Map<string, { started: number; count: number }>();
  let lastSweep = Date.now();
  return (req, res, next) => {
    if (!options.applies(req.method, req.path)) return next();
    const now = Date.now();
    if (now - lastSweep > options.windowMs) {
      for (const [key, w] of windows) if (now - w.started >= options.windowMs) windows.delete(key);
      lastSweep = now;
    }
    const key = req.actor ? `user:${req.actor.userId}` : `ip:${req.ip ?? ''}`;
    let window = windows.get(key);
    if (!window || now - window.started >= options.windowMs) {
      window = { started: now, count: 0 };
      windows.set(key, window);
    }
    window.count++;
    if (window.count > options.limit) {
      const retryAfter = Math.ceil((window.started + options.windowMs - now) / 1000);
      res.setHeader('Retry-After', String(retryAfter));
      return next(new HttpError(429, 'RATE_LIMITED', `Too many requests. Try again in ${retryAfter} s.`));
    }
    next();
  };
}
