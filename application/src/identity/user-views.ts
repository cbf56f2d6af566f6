import type { Role, User } from '@voltmarket/domain';

export interface UserView {
  id: string;
  email: string | null;
  /** Verified by the identity provider: only then does alert email go to it. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  phone: string | null;
  profileImageUrl: string | null;
  role: Role;
  createdAt: string;
  updatedAt: string;
  /** Present only while the account is suspended; `until` null means until an admin lifts it. */
  suspension?: { reason: string; until: string | null };
}

/** The suspension in force as clients read it (spread into a view: absent when none). */
export function suspensionOf(reason: string | null, until: Date | null, now: Date): { suspension?: { reason: string; until: string | null } } {
  if (reason === null || (until !== null && until <= now)) return {};
  return { suspension: { reason, until: until?.toISOString() ?? null } };
}

export const toUserView = (user: User, now: Date = new Date()): UserView => ({
  id: user.id,
  email: user.email,
  emailVerified: user.email !== null && user.emailVerified,
  firstName: user.firstName,
  lastName: user.lastName,
  displayName: user.displayName(),
  phone: user.phone,
  profileImageUrl: user.profileImageUrl,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
  ...suspensionOf(user.suspensionReason, user.suspendedUntil, now),
});
