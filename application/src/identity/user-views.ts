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
}

export const toUserView = (user: User): UserView => ({
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
});
