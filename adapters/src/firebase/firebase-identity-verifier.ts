import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import type { IdentityVerifier } from '@voltmarket/application';
import { notSignedIn, type VerifiedIdentity } from '@voltmarket/domain';

/**
 * Verifies Firebase ID tokens with firebase-admin. With a `demo-` project and
 * FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts the emulator's (unsigned) tokens.
 */
export class FirebaseIdentityVerifier implements IdentityVerifier {
  private readonly app: App;
  private readonly auth: Auth;

  constructor(projectId: string) {
    this.app = initializeApp({ projectId }, `voltmarket-${projectId}-${Math.random().toString(36).slice(2)}`);
    this.auth = getAuth(this.app);
  }

  async verify(token: string): Promise<VerifiedIdentity> {
    try {
      const decoded = await this.auth.verifyIdToken(token, false);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        name: typeof decoded.name === 'string' ? decoded.name : null,
        phone: decoded.phone_number ?? null,
        signInProvider: decoded.firebase.sign_in_provider,
      };
    } catch {
      throw notSignedIn();
    }
  }

  close(): Promise<void> {
    return deleteApp(this.app);
  }
}
