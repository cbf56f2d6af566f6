import type { FirebaseSdk } from './firebase';
import { connectSession, rememberSignUpProfile } from './session';

export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { sdk, auth } = await connectSession();
  await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
}

export type SignUpOutcome = 'created' | 'existsWithGoogle' | 'existsWithPassword' | 'exists';

/** Creates the account; for an address already in use, says which way its owner signs in. */
export async function signUpWithPassword(values: { firstName: string; lastName: string; email: string; password: string }): Promise<SignUpOutcome> {
  const { sdk, auth } = await connectSession();
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  rememberSignUpProfile({ firstName, lastName, displayName: `${firstName} ${lastName}` });
  try {
    const { user } = await sdk.createUserWithEmailAndPassword(auth, values.email.trim(), values.password);
    await sdk.updateProfile(user, { displayName: `${firstName} ${lastName}` });
    return 'created';
  } catch (error) {
    rememberSignUpProfile({});
    if ((error as { code?: string }).code !== 'auth/email-already-in-use') throw error;
    const methods = await sdk.fetchSignInMethodsForEmail(auth, values.email.trim()).catch(() => [] as string[]);
    if (methods.includes('google.com')) return 'existsWithGoogle';
    if (methods.includes('password')) return 'existsWithPassword';
    return 'exists';
  }
}

/** A Google account as the Auth emulator accepts it: an unsigned ID token naming the person. */
export interface EmulatedGoogleAccount {
  email: string;
  name: string;
}

function emulatedGoogleCredential(sdk: FirebaseSdk, account: EmulatedGoogleAccount) {
  const email = account.email.trim().toLowerCase();
  return sdk.GoogleAuthProvider.credential(JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name: account.name.trim() || email }));
}

/** Whether Google sign-in is the emulator's (development) rather than Google's own window. */
export async function googleIsEmulated(): Promise<boolean> {
  return (await connectSession()).emulated;
}

/**
 * Google's popup needs Google's servers even in front of the emulator, so in development the
 * emulator signs the person in from an account they name; in production it is Google's window.
 */
export async function signInWithGoogle(account?: EmulatedGoogleAccount): Promise<void> {
  const { sdk, auth, emulated } = await connectSession();
  if (emulated && account) await sdk.signInWithCredential(auth, emulatedGoogleCredential(sdk, account));
  else await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
}

export async function signInAsGuest(): Promise<void> {
  const { sdk, auth } = await connectSession();
  await sdk.signInAnonymously(auth);
}

export async function sendSignInLink(email: string, redirect: string | null): Promise<void> {
  const { sdk, auth } = await connectSession();
  const url = new URL('/auth', window.location.origin);
  url.searchParams.set('mode', 'emailLink');
  if (redirect) url.searchParams.set('redirect', redirect);
  await sdk.sendSignInLinkToEmail(auth, email.trim(), { url: url.toString(), handleCodeInApp: true });
  localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, email.trim());
}

export async function isEmailSignInLink(href: string): Promise<boolean> {
  const { sdk, auth } = await connectSession();
  return sdk.isSignInWithEmailLink(auth, href);
}

export async function completeEmailLinkSignIn(email: string, href: string): Promise<void> {
  const { sdk, auth } = await connectSession();
  if (!sdk.isSignInWithEmailLink(auth, href)) throw Object.assign(new Error('Invalid email sign-in link'), { code: 'auth/invalid-action-code' });
  if (!email.trim()) throw new Error('Email is required to complete sign-in');
  await sdk.signInWithEmailLink(auth, email.trim(), href);
  localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
}

/** Emails the signed-in person a link that verifies their address and brings them back to `returnPath`. */
export async function sendVerificationLink(returnPath: string): Promise<void> {
  const { sdk, auth } = await connectSession();
  if (!auth.currentUser) throw new Error('Sign in first');
  await sdk.sendEmailVerification(auth.currentUser, { url: new URL(returnPath, window.location.origin).toString() });
}

/**
 * Whether the identity provider now reports the signed-in person's address verified (the link was
 * opened, here or on another device); when it does, takes a fresh token that says so for the server.
 */
export async function checkEmailVerified(): Promise<boolean> {
  const { auth } = await connectSession();
  const user = auth.currentUser;
  if (!user) return false;
  await user.reload();
  if (!user.emailVerified) return false;
  await user.getIdToken(true);
  return true;
}

export async function signOutEverywhere(): Promise<void> {
  const { sdk, auth } = await connectSession();
  await sdk.signOut(auth);
}

async function signedInUser() {
  const kit = await connectSession();
  const user = kit.auth.currentUser;
  if (!user) throw new Error('User must be signed in to link accounts (or unlink)');
  return { ...kit, user };
}

/** After linking, the token names the new method (and maybe an email): refresh it before syncing. */
async function afterLinkChange(user: { getIdToken: (force: boolean) => Promise<string>; reload: () => Promise<void> }): Promise<void> {
  await user.reload();
  await user.getIdToken(true);
}

export async function linkGoogle(account?: EmulatedGoogleAccount): Promise<void> {
  const { sdk, user, emulated } = await signedInUser();
  if (emulated && account) await sdk.linkWithCredential(user, emulatedGoogleCredential(sdk, account));
  else await sdk.linkWithPopup(user, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
  await afterLinkChange(user);
}

export async function linkPassword(email: string, password: string): Promise<void> {
  const { sdk, user } = await signedInUser();
  await sdk.linkWithCredential(user, sdk.EmailAuthProvider.credential(email.trim(), password));
  await afterLinkChange(user);
}

export async function unlinkMethod(providerId: string): Promise<void> {
  const { sdk, user } = await signedInUser();
  if (user.providerData.length <= 1) throw new Error('You need at least one way to sign in.');
  await sdk.unlink(user, providerId);
  await afterLinkChange(user);
}

/** A code was sent by SMS; `confirm` links (or changes) the account's phone with it. */
export interface PhoneCodeSent {
  confirm: (code: string) => Promise<void>;
}

/**
 * Sends an SMS code to `phoneE164` to link it to the signed-in account (or to replace the number it
 * has). The identity provider checks the code; the server then reads the number from its record.
 * Against the Auth emulator, app verification is off (a mock reCAPTCHA) and the code is listed by
 * the emulator instead of sent.
 */
export async function sendPhoneCode(phoneE164: string, recaptchaContainer: HTMLElement): Promise<PhoneCodeSent> {
  const { sdk, auth, user, emulated } = await signedInUser();
  if (emulated) auth.settings.appVerificationDisabledForTesting = true;
  const verifier = new sdk.RecaptchaVerifier(auth, recaptchaContainer, { size: 'invisible' });
  try {
    if (user.phoneNumber) {
      const verificationId = await new sdk.PhoneAuthProvider(auth).verifyPhoneNumber(phoneE164, verifier);
      return {
        confirm: async (code) => {
          await sdk.updatePhoneNumber(user, sdk.PhoneAuthProvider.credential(verificationId, code.trim()));
          await afterLinkChange(user);
        },
      };
    }
    const confirmation = await sdk.linkWithPhoneNumber(user, phoneE164, verifier);
    return {
      confirm: async (code) => {
        await confirmation.confirm(code.trim());
        await afterLinkChange(user);
      },
    };
  } finally {
    try {
      verifier.clear();
    } catch {
      // Already cleared (a second request from the same form): nothing to tidy.
    }
  }
}

/** Development only: the Auth emulator's list of the codes it would have sent, or null against real Firebase. */
export async function emulatorCodesUrl(): Promise<string | null> {
  return (await connectSession()).emulatorCodesUrl;
}
