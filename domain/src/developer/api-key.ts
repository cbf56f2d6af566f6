import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { API_KEY_SCOPES, type ApiKeyScope } from './api-key-scope.js';

export { API_KEY_SCOPES, type ApiKeyScope } from './api-key-scope.js';

/** Keys a seller may hold at once (revoked ones do not count). */
export const MAX_ACTIVE_API_KEYS = 20;
export const API_KEY_NAME_MAX = 60;

/** Every key starts so, and nothing else does: a bearer token that does is a key, never a Firebase ID token. */
export const API_KEY_PREFIX = 'vm_live_';

export interface ApiKeyDraft {
  name: string;
  scopes: ApiKeyScope[];
}

/** A key's name and scopes, tidied: the name trimmed with inner runs of spaces made one, scopes in their order. */
export function checkApiKeyDraft(input: { name: unknown; scopes: unknown }): ApiKeyDraft {
  const issues = new FieldIssues();
  const name = typeof input.name === 'string' ? input.name.trim().replace(/\s+/g, () => ' ') : '';
  if (name.length === 0) issues.add('name', 'Give the key a name, such as "Inventory sync"');
  else if ([...name].length > API_KEY_NAME_MAX) issues.add('name', `The name is at most ${API_KEY_NAME_MAX} characters`);
  const asked = Array.isArray(input.scopes) ? input.scopes : [];
  const scopes = API_KEY_SCOPES.filter((s) => asked.includes(s));
  if (scopes.length === 0) issues.add('scopes', 'Choose at least one permission');
  else if (scopes.length !== asked.length) issues.add('scopes', `Permissions are ${API_KEY_SCOPES.join(', ')}`);
  issues.throwIfAny();
  return { name, scopes };
}

/**
 * A verified seller: a phone verified by SMS, or a dealership staff verified. Only they make API
 * keys and webhooks: a key lists cars by the hundred, so it belongs to someone we can reach.
 */
export const isVerifiedSeller = (user: { readonly verifiedPhone: string | null; readonly dealerStatus: string | null }): boolean =>
  user.verifiedPhone !== null || user.dealerStatus === 'verified';

export const notAVerifiedSeller = (): DomainError =>
  new DomainError('forbidden', 'NOT_A_VERIFIED_SELLER', 'API keys and webhooks are for verified sellers: verify your phone or your dealership first.');

export const apiKeyLimitReached = (): DomainError =>
  new DomainError('rule', 'API_KEY_LIMIT', `You have ${MAX_ACTIVE_API_KEYS} keys: revoke one you no longer use first.`);

export const apiKeyNotFound = (id: number): DomainError =>
  new DomainError('not_found', 'API_KEY_NOT_FOUND', `API key ${id} was not found.`);

export const apiKeyScopeMissing = (scope: ApiKeyScope): DomainError =>
  new DomainError('forbidden', 'API_KEY_SCOPE_MISSING', `This API key does not have the ${scope} permission.`);

export const apiKeyNotAllowed = (): DomainError =>
  new DomainError('forbidden', 'API_KEY_NOT_ALLOWED', 'This operation cannot be called with an API key; sign in instead.');
