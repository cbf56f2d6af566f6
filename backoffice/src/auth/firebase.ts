import type { ClientConfig } from '../data/api-types';

export type FirebaseSdk = typeof import('./firebase-sdk');
export type FirebaseUser = import('./firebase-sdk').FirebaseUser;

export interface FirebaseKit {
  sdk: FirebaseSdk;
  auth: import('./firebase-sdk').Auth;
  /** Development against the Auth emulator, which also stands in for Google. */
  emulated: boolean;
}

// The storefront reads this flag to restore a session without loading Firebase up front; keeping it
// in step here means someone who signs in at /admin is still signed in when they open the storefront.
const HAD_SESSION_KEY = 'voltmarket.hadSession';

let loading: Promise<FirebaseKit> | null = null;

async function fetchClientConfig(): Promise<ClientConfig> {
  const res = await fetch('/api/client-config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`Could not load the sign-in settings (${res.status}).`);
  return (await res.json()) as ClientConfig;
}

/**
 * Firebase lives in its own chunk, loaded beside the app shell rather than inside it. The settings
 * come from the server, so one build runs against the emulator and against real Firebase.
 * Persistence matches the storefront's, so one sign-in serves both apps on this origin.
 */
export function loadFirebase(): Promise<FirebaseKit> {
  loading ??= (async () => {
    const [config, sdk] = await Promise.all([fetchClientConfig(), import('./firebase-sdk')]);
    const app = sdk.initializeApp(config.firebase);
    const auth = sdk.initializeAuth(app, { persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence] });
    if (config.authEmulatorUrl) sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    sdk.onAuthStateChanged(auth, (user) => {
      try {
        if (user) localStorage.setItem(HAD_SESSION_KEY, '1');
        else localStorage.removeItem(HAD_SESSION_KEY);
      } catch {
        // Storage can be off (private mode); the storefront then simply loads Firebase itself.
      }
    });
    return { sdk, auth, emulated: !!config.authEmulatorUrl };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The signed-in Firebase user once Firebase has restored any saved session, else null. */
export async function currentFirebaseUser(): Promise<FirebaseUser | null> {
  const { auth } = await loadFirebase();
  await auth.authStateReady();
  return auth.currentUser;
}

/** A fresh ID token for the API (Firebase renews it before it expires), or null when signed out. */
export async function currentIdToken(): Promise<string | null> {
  const user = await currentFirebaseUser();
  return user ? user.getIdToken() : null;
}
