import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import type { IdentityVerifier, PhoneOwnership } from '@voltmarket/application';
import { notSignedIn, type VerifiedIdentity } from '@voltmarket/domain';

interface AccountStanding {
  disabled: boolean;
  /** The account's email as the provider holds it, or undefined when the provider could not be asked. */
  email?: string | null;
  emailVerified?: boolean;
  /** Tokens issued before this moment (ms) were revoked. */
  validAfterMs: number;
  checkedAt: number;
}

/**
 * Verifies Firebase ID tokens with firebase-admin. With a `demo-` project and
 * FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts the emulator's (unsigned) tokens.
 *
 * A signature alone would let a disabled or signed-out-everywhere account keep working until its
 * token expires (up to an hour); the account's standing is looked up too, at most once per
 * `standingTtlMs` per account, so a ban takes effect within that time without a lookup per request.
 */
export class FirebaseIdentityVerifier implements IdentityVerifier, PhoneOwnership {
  private readonly app: App;
  private readonly auth: Auth;
  private readonly standings = new Map<string, AccountStanding>();

  constructor(projectId: string, private readonly standingTtlMs = 60_000) {
    this.app = initializeApp({ projectId }, `voltmarket-${projectId}-${Math.random().toString(36).slice(2)}`);
    this.auth = getAuth(this.app);
  }

  async verify(token: string): Promise<VerifiedIdentity> {
    let decoded: DecodedIdToken;
    try {
      decoded = await this.auth.verifyIdToken(token, false);
    } catch {
      throw notSignedIn();
    }
    // A token issued since the account was last looked up, whose email differs from what was seen
    // then, may follow a change (a guest who just linked an email): look the account up again.
    const known = this.standings.get(decoded.uid);
    const newer = known?.email !== undefined && decoded.iat * 1000 >= known.checkedAt - 1000
      && ((decoded.email ?? null) !== known.email || (decoded.email_verified === true) !== known.emailVerified);
    const standing = await this.standing(decoded.uid, newer);
    if (!standing || standing.disabled || decoded.iat * 1000 < standing.validAfterMs) throw notSignedIn();
    // The email (which may make a staff member) is the account's own, not a claim of the token: an
    // emulator's tokens are unsigned, and a signed one may predate a change of address.
    return {
      uid: decoded.uid,
      email: standing.email === undefined ? (decoded.email ?? null) : standing.email,
      emailVerified: standing.emailVerified ?? decoded.email_verified === true,
      name: typeof decoded.name === 'string' ? decoded.name : null,
      phone: decoded.phone_number ?? null,
      signInProvider: decoded.firebase.sign_in_provider,
    };
  }

  /** The account's phone as the provider holds it: set only by an SMS code (a token's claim is not asked). */
  async verifiedPhone(uid: string): Promise<string | null> {
    try {
      return (await this.auth.getUser(uid)).phoneNumber ?? null;
    } catch (err) {
      if ((err as { code?: string }).code === 'auth/user-not-found') return null;
      throw err;
    }
  }

  close(): Promise<void> {
    return deleteApp(this.app);
  }

  /** The account's standing, or null when it no longer exists. */
  private async standing(uid: string, again = false): Promise<AccountStanding | null> {
    const now = Date.now();
    const known = this.standings.get(uid);
    if (known && !again && now - known.checkedAt < this.standingTtlMs) return known;
    try {
      const user = await this.auth.getUser(uid);
      const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
      // Firebase keeps this to the second; a token issued in that same second is still fine.
      const standing = {
        disabled: user.disabled, validAfterMs: Math.floor(validAfter / 1000) * 1000, checkedAt: now,
        email: user.email ?? null, emailVerified: user.emailVerified,
      };
      if (this.standings.size > 50_000) this.standings.clear();
      this.standings.set(uid, standing);
      return standing;
    } catch (err) {
      if ((err as { code?: string }).code === 'auth/user-not-found') {
        this.standings.delete(uid);
        return null;
      }
      // The provider could not be asked (network): the signature was valid, so let this request
      // through without remembering the answer, rather than lock every new session out.
      return { disabled: false, validAfterMs: 0, checkedAt: now };
    }
  }
}
