// Only what the storefront uses, so the lazily loaded Firebase chunk stays small.
export { initializeApp } from 'firebase/app';
export {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  fetchSignInMethodsForEmail,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  isSignInWithEmailLink,
  linkWithCredential,
  linkWithPopup,
  onAuthStateChanged,
  sendEmailVerification,
  sendSignInLinkToEmail,
  signInAnonymously,
  signInWithEmailAndPassword,
  signInWithCredential,
  signInWithEmailLink,
  signInWithPopup,
  signOut,
  unlink,
  updateProfile,
} from 'firebase/auth';
export type { Auth, User as FirebaseUser } from 'firebase/auth';
