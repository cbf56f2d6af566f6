import { NETWORK_ERROR_MESSAGE } from '../../lib/api-client';

const MESSAGES: Record<string, string> = {
  'auth/network-request-failed': NETWORK_ERROR_MESSAGE,
  'auth/invalid-email': 'Please enter a valid email address',
  'auth/weak-password': 'Password should be at least 6 characters',
  'auth/password-does-not-meet-requirements': 'Password should be at least 6 characters',
  'auth/email-already-in-use': 'An account with this email already exists. Try signing in instead.',
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/wrong-password': 'Incorrect email or password.',
  'auth/user-not-found': 'Incorrect email or password.',
  'auth/invalid-login-credentials': 'Incorrect email or password.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/popup-blocked': 'The sign-in window was blocked. Please allow pop-ups and try again.',
  'auth/invalid-action-code': 'Invalid email sign-in link',
  'auth/expired-action-code': 'This sign-in link has expired. Please request a new one.',
  'auth/provider-already-linked': 'This sign-in method is already linked to your account.',
  'auth/credential-already-in-use': 'That account is already linked to another user.',
  'auth/requires-recent-login': 'Please sign out and sign in again, then retry.',
  'auth/no-such-provider': 'That sign-in method is not linked to your account.',
};

export const authErrorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';

/** The person-readable message for an identity-provider failure. */
export function authErrorMessage(error: unknown, fallback: string): string {
  return MESSAGES[authErrorCode(error)] ?? fallback;
}

/** The user closed the Google window themselves: nothing to report. */
export const isCancelledPopup = (error: unknown): boolean =>
  ['auth/popup-closed-by-user', 'auth/cancelled-popup-request'].includes(authErrorCode(error));

const PHONE_MESSAGES: Record<string, string> = {
  'auth/invalid-verification-code': 'That code is not right. Check the SMS and type the 6 digits again.',
  'auth/missing-verification-code': 'Enter the 6-digit code from the SMS.',
  'auth/code-expired': 'This code has expired. Ask for a new one.',
  'auth/session-expired': 'This code has expired. Ask for a new one.',
  'auth/invalid-verification-id': 'This code has expired or was already used. Ask for a new one.',
  'auth/missing-verification-id': 'This code has expired or was already used. Ask for a new one.',
  'auth/account-exists-with-different-credential': 'This number is already linked to another Voltmarket account.',
  'auth/credential-already-in-use': 'This number is already linked to another Voltmarket account.',
  'auth/phone-number-already-exists': 'This number is already linked to another Voltmarket account.',
  'auth/invalid-phone-number': 'Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234',
  'auth/too-many-requests': 'Too many codes asked for. Please wait a while and try again.',
  'auth/quota-exceeded': 'We cannot send SMS codes right now. Please try again later.',
  'auth/network-request-failed': NETWORK_ERROR_MESSAGE,
};

/** The person-readable message for a failed phone verification. */
export function phoneErrorMessage(error: unknown): string {
  return PHONE_MESSAGES[authErrorCode(error)] ?? (error instanceof Error && !authErrorCode(error) ? error.message : 'We could not verify that number. Please try again.');
}
