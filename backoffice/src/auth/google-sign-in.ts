import { loadFirebase, type FirebaseKit } from './firebase';

/** A Google account as the Auth emulator accepts it: an unsigned ID token naming the person. */
export interface EmulatedGoogleAccount {
  email: string;
  name: string;
}

/** Whether Google sign-in is the emulator's (development) rather than Google's own window. */
export async function googleIsEmulated(): Promise<boolean> {
  return (await loadFirebase()).emulated;
}

function emulatedGoogleCredential(sdk: FirebaseKit['sdk'], account: EmulatedGoogleAccount) {
  const email = account.email.trim().toLowerCase();
  return sdk.GoogleAuthProvider.credential(JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name: account.name.trim() || email }));
}

/**
 * Google's popup needs Google's servers even in front of the emulator, so in development the
 * emulator signs the person in from an account they name; in production it is Google's window.
 */
export async function signInWithGoogle(account?: EmulatedGoogleAccount): Promise<void> {
  const { sdk, auth, emulated } = await loadFirebase();
  if (emulated && account) await sdk.signInWithCredential(auth, emulatedGoogleCredential(sdk, account));
  else await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
}
