/** What an API key may do: each names the operations it opens (their `x-api-key-scope` in the contract). */
export const API_KEY_SCOPES = ['listings:read', 'listings:write', 'messages:read', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
