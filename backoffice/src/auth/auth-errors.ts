export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/** The sign-in rules, with the messages the storefront uses for them. */
export const SIGN_IN_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  shortPassword: 'Password must be at least 6 characters',
  failed: 'Failed to sign in',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const checkEmail = (email: string): string | undefined => (EMAIL.test(email.trim()) ? undefined : SIGN_IN_MESSAGES.invalidEmail);
export const checkPassword = (password: string): string | undefined => (password.length >= 6 ? undefined : SIGN_IN_MESSAGES.shortPassword);

const MESSAGES: Record<string, string> = {
  'auth/network-request-failed': NETWORK_ERROR_MESSAGE,
  'auth/invalid-email': SIGN_IN_MESSAGES.invalidEmail,
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/invalid-login-credentials': 'Incorrect email or password.',
  'auth/wrong-password': 'Incorrect email or password.',
  'auth/user-not-found': 'Incorrect email or password.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/popup-blocked': 'The sign-in window was blocked. Please allow pop-ups and try again.',
  'auth/unauthorized-domain': 'Google sign-in is not enabled for this address.',
  'auth/internal-error': SIGN_IN_MESSAGES.failed,
};

export const authErrorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';

/** The person-readable message for an identity-provider failure. */
export const authErrorMessage = (error: unknown): string => MESSAGES[authErrorCode(error)] ?? SIGN_IN_MESSAGES.failed;

/** The person closed Google's window themselves: nothing to report. */
export const isCancelledPopup = (error: unknown): boolean =>
  ['auth/popup-closed-by-user', 'auth/cancelled-popup-request'].includes(authErrorCode(error));

/** Whether a failed sign-in is about the password (shown under that input) rather than the whole form. */
export const isCredentialError = (error: unknown): boolean =>
  ['auth/invalid-credential', 'auth/invalid-login-credentials', 'auth/wrong-password', 'auth/user-not-found'].includes(authErrorCode(error));
