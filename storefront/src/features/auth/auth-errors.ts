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
