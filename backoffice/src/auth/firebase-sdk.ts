// Only what the backoffice uses, so the lazily loaded Firebase chunk stays small.
export { initializeApp } from 'firebase/app';
export {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
export type { Auth, User as FirebaseUser } from 'firebase/auth';
