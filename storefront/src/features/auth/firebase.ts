import { apiGet } from '../../lib/api-client';
import type { ClientConfig } from '../../lib/api-types';

export type FirebaseSdk = typeof import('./firebase-sdk');
export interface FirebaseKit {
  sdk: FirebaseSdk;
  auth: import('./firebase-sdk').Auth;
  /** Development against the Auth emulator, which stands in for Google too. */
  emulated: boolean;
  /** Development only: where the Auth emulator lists the SMS codes it would have sent (it sends none). */
  emulatorCodesUrl: string | null;
}

let loading: Promise<FirebaseKit> | null = null;

/**
 * Firebase is loaded on demand: a visitor who has never signed in browses without it.
 * The settings come from the server, so one build runs against the emulator and real Firebase.
 */
export function loadFirebase(): Promise<FirebaseKit> {
  loading ??= (async () => {
    const [config, sdk] = await Promise.all([apiGet<ClientConfig>('/api/client-config'), import('./firebase-sdk')]);
    const app = sdk.initializeApp(config.firebase);
    const auth = sdk.initializeAuth(app, { persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence] });
    if (config.authEmulatorUrl) sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    const emulatorCodesUrl = config.authEmulatorUrl
      ? `${config.authEmulatorUrl}/emulator/v1/projects/${encodeURIComponent(config.firebase.projectId)}/verificationCodes`
      : null;
    return { sdk, auth, emulated: !!config.authEmulatorUrl, emulatorCodesUrl };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
