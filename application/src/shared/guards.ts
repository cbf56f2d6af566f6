import { type Actor, adminOnly, isAdmin, isStaff, notSignedIn, staffOnly } from '@voltmarket/domain';

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
