import type { DealerStatus, Role, User } from '@voltmarket/domain';

export interface UserView {
  id: string;
  email: string | null;
  /** Verified by the identity provider: only then does alert email go to it. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  phone: string | null;
  /** The number the identity provider verified by SMS (E.164); null when none. */
  verifiedPhone: string | null;
  phoneVerified: boolean;
  /** Shown to buyers as "Verified dealer"; absent unless staff verified the request. */
  verifiedDealer?: { businessName: string };
  /** The seller's own dealer verification request and staff's answer; absent when they never asked. */
  dealerRequest?: DealerRequestState;
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


export interface DealerRequestState {
  businessName: string;
  cacNumber: string;
  status: DealerStatus;
  rejectionReason: string | null;
  submittedAt: string;
  decidedAt: string | null;
}

/** A seller's badges as buyers see them on cards and pages. */
export function sellerBadges(user: Pick<User, 'verifiedPhone' | 'verifiedDealerName'> | null): { phoneVerified: boolean; verifiedDealer?: { businessName: string } } {
  const dealer = user?.verifiedDealerName() ?? null;
  return { phoneVerified: !!user?.verifiedPhone, ...(dealer ? { verifiedDealer: { businessName: dealer } } : {}) };
}

function dealerRequestState(user: User): DealerRequestState | undefined {
  const dealer = user.dealer();
  if (!dealer) return undefined;
  return {
    businessName: dealer.businessName, cacNumber: dealer.cacNumber, status: dealer.status, rejectionReason: dealer.rejectionReason,
    submittedAt: dealer.submittedAt.toISOString(), decidedAt: dealer.decidedAt?.toISOString() ?? null,
  };
}

export const toUserView = (user: User, now: Date = new Date()): UserView => ({
  id: user.id,
  email: user.email,
  emailVerified: user.email !== null && user.emailVerified,
  firstName: user.firstName,
  lastName: user.lastName,
  displayName: user.displayName(),
  phone: user.phone,
  verifiedPhone: user.verifiedPhone ?? null,
  ...sellerBadges(user),
  ...(user.dealer() ? { dealerRequest: dealerRequestState(user)! } : {}),
  profileImageUrl: user.profileImageUrl,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
  ...suspensionOf(user.suspensionReason, user.suspendedUntil, now),
});
