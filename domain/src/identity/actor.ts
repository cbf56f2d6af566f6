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
}

export const isStaff = (actor: Actor | null | undefined): boolean =>
  actor?.role === 'admin' || actor?.role === 'support';

export const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'admin';
