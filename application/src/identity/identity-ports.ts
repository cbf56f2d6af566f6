import type { VerifiedIdentity } from '@voltmarket/domain';

/** Checks an identity provider's token; throws the domain's NOT_SIGNED_IN error when it is not valid. */
export interface IdentityVerifier {
  verify(token: string): Promise<VerifiedIdentity>;
}

/** The identity provider's own record of an account's phone, set only by an SMS code the person entered. */
export interface PhoneOwnership {
  /** The account's verified phone number (E.164), or null when it has none (or no longer exists). */
  verifiedPhone(uid: string): Promise<string | null>;
}

/** Staff's list of dealer verification requests. */
export interface DealerRequestReads {
  list(query: DealerRequestQuery): Promise<{ items: DealerRequestView[]; total: number }>;
}

export interface DealerRequestQuery {
  status?: 'pending' | 'verified' | 'rejected';
  ids?: string[];
  q?: string;
  /** Oldest first unless DESC (the waiting list is answered in order). */
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** One seller's dealer request as staff see it; its id is the seller's. */
export interface DealerRequestView {
  id: string;
  email: string | null;
  name: string;
  phoneVerified: boolean;
  businessName: string;
  cacNumber: string;
  status: 'pending' | 'verified' | 'rejected';
  rejectionReason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}
