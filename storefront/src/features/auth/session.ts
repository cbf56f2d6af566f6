import { useSyncExternalStore } from 'react';
import { setTokenSource } from '../../lib/api-client';
import type { SyncInput } from '../../lib/api-types';
import { loadFirebase, type FirebaseKit } from './firebase';
import type { FirebaseUser } from './firebase-sdk';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  user: FirebaseUser | null;
  /** Bumped when the user's linked sign-in methods change, so screens re-read them. */
  revision: number;
}

// Set while signed in, so the next visit knows to restore the session before showing "Sign In".
const HAD_SESSION_KEY = 'voltmarket.hadSession';

let session: Session = { status: 'loading', user: null, revision: 0 };
const listeners = new Set<() => void>();
const publish = (next: Partial<Session>) => {
  session = { ...session, ...next };
  for (const listener of listeners) listener();
};

/** Names given at sign-up, sent with the first sync so the profile starts complete. */
let pendingProfile: SyncInput = {};
export function rememberSignUpProfile(profile: SyncInput): void {
  pendingProfile = profile;
}
export function takeSignUpProfile(): SyncInput {
  const profile = pendingProfile;
  pendingProfile = {};
  return profile;
}

let subscribed: Promise<FirebaseKit> | null = null;

/** Loads Firebase (once) and follows its signed-in state. */
export function connectSession(): Promise<FirebaseKit> {
  subscribed ??= loadFirebase().then((kit) => {
    kit.sdk.onAuthStateChanged(kit.auth, (user) => {
      if (user) {
        localStorage.setItem(HAD_SESSION_KEY, '1');
        setTokenSource(() => user.getIdToken());
      } else {
        localStorage.removeItem(HAD_SESSION_KEY);
        setTokenSource(() => Promise.resolve(null));
      }
      publish({ status: user ? 'signedIn' : 'signedOut', user });
    });
    return kit;
  });
  subscribed.catch(() => {
    subscribed = null;
    publish({ status: 'signedOut', user: null });
  });
  return subscribed;
}

/** At start-up: restore a session if there was one, else stay signed out without loading Firebase. */
export function startSession(): void {
  let hadSession = false;
  try {
    hadSession = localStorage.getItem(HAD_SESSION_KEY) === '1';
  } catch {
    hadSession = false;
  }
  if (hadSession) void connectSession();
  else publish({ status: 'signedOut' });
}

export function refreshSessionUser(): void {
  publish({ revision: session.revision + 1 });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSession(): Session {
  return useSyncExternalStore(subscribe, () => session, () => session);
}
