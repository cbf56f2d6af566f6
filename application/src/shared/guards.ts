import { type Actor, adminOnly, isAdmin, isStaff, notSignedIn, requireNotSuspended, staffOnly } from '@voltmarket/domain';

export function requireSignedIn(actor: Actor | null): Actor {
  if (!actor) throw notSignedIn();
  return actor;
}

export function requireStaff(actor: Actor | null): Actor {
  const signedIn = requireSignedIn(actor);
  if (!isStaff(signedIn)) throw staffOnly();
  return signedIn;
}

export function requireAdmin(actor: Actor | null): Actor {
  const signedIn = requireSignedIn(actor);
  if (!isAdmin(signedIn)) throw adminOnly();
  return signedIn;
}

/** Signed in, and not suspended: for everything that lists, writes or pays. */
export function requireActiveMember(actor: Actor | null): Actor {
  const signedIn = requireSignedIn(actor);
  requireNotSuspended(signedIn);
  return signedIn;
}
