import type { AuthProvider, UserIdentity } from 'react-admin';
import type { AdminCheck } from '../data/api-types';
import { httpClient, statusOf } from '../data/http-client';
import { currentFirebaseUser, loadFirebase, type FirebaseUser } from './firebase';
import { signInWithGoogle, type EmulatedGoogleAccount } from './google-sign-in';
import { staffMayDo, toPermissions, type StaffPermissions } from './permissions';

export type LoginParams =
  | { method: 'password'; email: string; password: string }
  | { method: 'google'; account?: EmulatedGoogleAccount };

// One staff check per signed-in account: react-admin asks for permissions on every screen and button.
let staffCheck: { uid: string; permissions: Promise<StaffPermissions> } | null = null;

function checkStaff(user: FirebaseUser): Promise<StaffPermissions> {
  if (staffCheck?.uid === user.uid) return staffCheck.permissions;
  const permissions = httpClient('/api/admin/check').then(
    ({ json }) => toPermissions(json as AdminCheck),
    (error: unknown) => {
      // 403 is the server's answer for a signed-in person without a staff role: not a failure.
      if (statusOf(error) === 403) return { role: null };
      throw error;
    },
  );
  staffCheck = { uid: user.uid, permissions };
  permissions.catch(() => {
    if (staffCheck?.permissions === permissions) staffCheck = null;
  });
  return permissions;
}

async function staffPermissions(): Promise<StaffPermissions> {
  const user = await currentFirebaseUser();
  return user ? checkStaff(user) : { role: null };
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    staffCheck = null;
    if (params.method === 'google') {
      await signInWithGoogle(params.account);
      return;
    }
    const { sdk, auth } = await loadFirebase();
    await sdk.signInWithEmailAndPassword(auth, params.email.trim(), params.password);
  },

  async logout() {
    staffCheck = null;
    const { sdk, auth } = await loadFirebase();
    if (auth.currentUser) await sdk.signOut(auth);
  },

  async checkAuth() {
    // Waits for Firebase to restore a saved session before deciding the visitor is signed out.
    const user = await currentFirebaseUser();
    // No redirectTo: react-admin's default login URL carries the /admin basename.
    if (!user) throw { message: false };
  },

  async checkError(error: unknown) {
    // 401: the session is gone, sign out. 403 is "not allowed to do that", which is not a reason to sign out.
    if (statusOf(error) === 401) {
      staffCheck = null;
      throw { message: 'Your session has ended. Please sign in again.' };
    }
    // A 403 may mean the role changed meanwhile: ask the server again before showing more buttons.
    if (statusOf(error) === 403) staffCheck = null;
  },

  async getIdentity(): Promise<UserIdentity> {
    const user = await currentFirebaseUser();
    if (!user) throw new Error('Not signed in');
    const fullName = user.displayName || user.email || (user.isAnonymous ? 'Guest' : 'Signed in');
    return { id: user.uid, fullName, avatar: user.photoURL ?? undefined, email: user.email, isAnonymous: user.isAnonymous };
  },

  getPermissions: staffPermissions,

  async canAccess({ action, resource }) {
    return staffMayDo(await staffPermissions(), action, resource);
  },
};
