import type { VerifiedIdentity } from '@voltmarket/domain';

/** Checks an identity provider's token; throws the domain's NOT_SIGNED_IN error when it is not valid. */
export interface IdentityVerifier {
  verify(token: string): Promise<VerifiedIdentity>;
}
