import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Authenticate, AuthenticateApiKey } from '@voltmarket/application';
import { API_KEY_PREFIX, type Actor, DomainError, notSignedIn } from '@voltmarket/domain';

declare module 'express-serve-static-core' {
  interface Request {
    actor: Actor | null;
  }
}

/**
 * Reads `Authorization: Bearer <token>`; no header means an anonymous visitor, a bad token a 401.
 * A token that starts `vm_live_` is a seller's API key, never a Firebase ID token.
 */
export function resolveActor(authenticate: Authenticate, authenticateKey: AuthenticateApiKey): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    req.actor = null;
    const header = req.headers.authorization;
    if (!header) return next();
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{10,4096})$/.exec(header.trim());
    if (!match?.[1]) return next(notSignedIn());
    const token = match[1];
    const { actor } = token.startsWith(API_KEY_PREFIX) ? await authenticateKey.execute({ secret: token }) : await authenticate.execute({ token });
    req.actor = actor;
    next();
  };
}

/** A `userId`/`sellerId`/`uid` in a request is never trusted: it may only repeat the caller's own id. */
function assertClaimedUser(claimed: unknown, actor: Actor | null): void {
  if (claimed === undefined || claimed === null || claimed === '') return;
  if (!actor) throw notSignedIn();
  if (claimed !== actor.userId) {
    throw new DomainError('forbidden', 'USER_MISMATCH', 'You can only act as yourself.');
  }
}

/** Fields by which a request names who it acts as: the query's userId, and these in a body. */
const CLAIMING_FIELDS = ['userId', 'sellerId', 'uid', 'senderId', 'renterId'] as const;

/**
 * The one check of who a request claims to act as. Outside the backoffice (where staff name other
 * people), a `userId`, `sellerId`, `uid`, `senderId` or `renterId` in the query or the body may only be
 * the caller's, on every route: also where the route has no use for it (marking notifications read), a
 * request that claims to act for someone else is refused, not quietly served as the caller.
 */
export const onlyTheCallerClaimed: RequestHandler = (req, _res, next) => {
  if (req.path.startsWith('/admin/')) return next();
  const sent = req.method !== 'GET' && req.method !== 'HEAD' ? (req.body as unknown) : undefined;
  const body = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {};
  assertClaimedUser((req.query as Record<string, unknown>).userId, req.actor);
  for (const field of CLAIMING_FIELDS) assertClaimedUser(body[field], req.actor);
  next();
};

/**
 * An anonymous visitor's key for view counting: a one-way hash of the network address only (an
 * IPv6 address by its /64), so changing the User-Agent does not mint new views.
 */
export function visitorKey(req: Request): string {
  const ip = (req.ip ?? '').replace(/^::ffff:/, '');
  const network = ip.includes(':') ? ip.split(':').slice(0, 4).join(':') : ip;
  return createHash('sha256').update(network).digest('base64url').slice(0, 22);
}
