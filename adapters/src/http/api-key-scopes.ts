import type { RequestHandler } from 'express';
import { API_KEY_SCOPES, type ApiKeyScope, apiKeyNotAllowed, apiKeyScopeMissing } from '@voltmarket/domain';

interface ScopedOperation {
  method: string;
  pattern: RegExp;
  /** null: a public read, answered as to a visitor. */
  scope: ApiKeyScope | null;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The operations an API key may call, read from the contract: those that name a scope in
 * `x-api-key-scope`. A path template's `{param}` matches one path segment.
 */
export function scopedOperations(spec: { paths: Record<string, Record<string, unknown>> }): ScopedOperation[] {
  const found: ScopedOperation[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as { 'x-api-key-scope'?: unknown; security?: unknown[] } | undefined;
      const source = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, (c) => `\\${c}`)).join('[^/]+');
      // A public read (security: []) is anyone's: a key calling it is answered as a visitor.
      if (method === 'get' && Array.isArray(operation?.security) && operation.security.length === 0) {
        found.push({ method: 'GET', pattern: new RegExp(`^${source}$`), scope: null });
        continue;
      }
      const scope = operation?.['x-api-key-scope'];
      if (scope === undefined) continue;
      if (!API_KEY_SCOPES.includes(scope as ApiKeyScope)) throw new Error(`${method.toUpperCase()} ${template}: unknown x-api-key-scope ${String(scope)}`);
      found.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), scope: scope as ApiKeyScope });
    }
  }
  // A fixed path before a template that could also match it (/api/vehicles/my-listings before /api/vehicles/{id}).
  const params = (o: ScopedOperation) => (o.pattern.source.match(/\[\^\/\]\+/g) ?? []).length;
  return found.sort((a, b) => params(a) - params(b));
}

/**
 * A request made with an API key reaches only the operations the contract opens to keys, and only
 * with the scope each names, and public reads (the catalogue, rental vehicles) as a visitor would;
 * everything else (staff routes, keys themselves, the buyer's side) is a 403 before any handler
 * runs. Requests signed in with Firebase pass untouched.
 */
export function apiKeyScopes(spec: { paths: Record<string, Record<string, unknown>> }): RequestHandler {
  const operations = scopedOperations(spec);
  return (req, _res, next) => {
    const key = req.actor?.apiKey;
    if (!key) return next();
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = `/api${req.path}`;
    const operation = operations.find((o) => o.method === method && o.pattern.test(path));
    if (!operation) return next(apiKeyNotAllowed());
    if (operation.scope === null) {
      req.actor = null;
      return next();
    }
    if (!key.scopes.includes(operation.scope)) return next(apiKeyScopeMissing(operation.scope));
    next();
  };
}
