import type { RequestHandler } from 'express';
import { API_KEY_SCOPES, type ApiKeyScope, apiKeyNotAllowed, apiKeyScopeMissing } from '@voltmarket/domain';
import { type ContractSpec, contractOperations, findOperation } from './contract-operations.js';

/**
 * What an API key may call, read from the contract: an operation that names a scope in
 * `x-api-key-scope` (null: a public read, `security: []`, answered as to a visitor). Operations
 * that name neither are closed to keys.
 */
export function keyScopeOf(operation: { security?: unknown[]; [extension: string]: unknown }, method: string): ApiKeyScope | null | undefined {
  const scope = operation['x-api-key-scope'];
  if (scope !== undefined) {
    if (!API_KEY_SCOPES.includes(scope as ApiKeyScope)) throw new Error(`unknown x-api-key-scope ${String(scope)}`);
    return scope as ApiKeyScope;
  }
  return method === 'GET' && Array.isArray(operation.security) && operation.security.length === 0 ? null : undefined;
}

/**
 * A request made with an API key reaches only the operations the contract opens to keys, and only
 * with the scope each names, and public reads (the catalogue, rental vehicles) as a visitor would;
 * everything else (staff routes, keys themselves, the buyer's side) is a 403 before any handler
 * runs. Requests signed in with Firebase pass untouched.
 */
export function apiKeyScopes(spec: ContractSpec): RequestHandler {
  const operations = contractOperations(spec);
  for (const o of operations) keyScopeOf(o.operation, o.method); // an unknown scope fails at start, not on a request
  return (req, _res, next) => {
    const key = req.actor?.apiKey;
    if (!key) return next();
    const found = findOperation(operations, req.method, `/api${req.path}`);
    const scope = found ? keyScopeOf(found.operation, found.method) : undefined;
    if (scope === undefined) return next(apiKeyNotAllowed());
    if (scope === null) {
      req.actor = null;
      return next();
    }
    if (!key.scopes.includes(scope)) return next(apiKeyScopeMissing(scope));
    next();
  };
}
