import type { ApiKeyScope } from '../developer/api-key-scope.js';
export const ROLES = ['user', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who is asking: always taken from a verified identity token, never from a request parameter. */
export interface Actor {
  readonly userId: string;
  readonly role: Role;
  /**
   * Signed in as an anonymous guest. Guest accounts cost nothing to mint, so whatever is counted
   * or limited per person (views, rate limits, upload quotas) counts guests by network address.
   */
  readonly isGuest?: boolean;
  /** Present while the account is suspended: it may read but not list, write or pay (see requireNotSuspended). */
  readonly suspension?: { readonly reason: string; readonly until: Date | null };
  /**
   * Present when the request came with one of the seller's API keys rather than a sign-in: the key
   * acts as its seller (never as staff) on the operations its scopes open.
   */
  readonly apiKey?: { readonly id: number; readonly scopes: readonly ApiKeyScope[] };
}

export const isStaff = (actor: Actor | null | undefined): boolean =>
  actor?.role === 'admin' || actor?.role === 'support';

export const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'admin';
