import { createContext, useContext, useSyncExternalStore } from 'react';
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
/**
 * The same fact for the server, which renders the first view of a page without knowing who it is
 * for: with this cookie it keeps the nav's place for a member being signed back in instead of
 * drawing "Sign In". It says nothing about who; identity is the ID token alone.
 */
export const MEMBER_COOKIE = 'vm_member';

function rememberMember(member: boolean): void {
  try {
    if (member) localStorage.setItem(HAD_SESSION_KEY, '1');
    else localStorage.removeItem(HAD_SESSION_KEY);
  } catch {
    // Storage refused (a private window): the next visit shows "Sign In" until Firebase answers.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = member ? `${MEMBER_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}` : `${MEMBER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

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
      rememberMember(!!user);
      if (user) setTokenSource(() => user.getIdToken());
      else setTokenSource(() => Promise.resolve(null));
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
  else {
    // A cookie left from a session another way ended (storage cleared): the server would keep waiting for it.
    if (document.cookie.includes(`${MEMBER_COOKIE}=`)) rememberMember(false);
    publish({ status: 'signedOut' });
  }
}

export function refreshSessionUser(): void {
  publish({ revision: session.revision + 1 });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * What the server drew the first view with (nobody signed in; 'loading' when the member cookie came),
 * given by the root on both sides: hydration renders with it, then moves to the real session.
 */
export const FirstViewSession = createContext<Session | null>(null);

export function firstViewSession(member: boolean): Session {
  const status: SessionStatus = member ? 'loading' : 'signedOut';
  // The browser's own session object when it says the same: hydration then ends without redrawing
  // everything that reads the session (a heart on every card) in one long task.
  return session.status === status && session.user === null && session.revision === 0 ? session : { status, user: null, revision: 0 };
}

export function useSession(): Session {
  const firstView = useContext(FirstViewSession);
  return useSyncExternalStore(subscribe, () => session, () => firstView ?? session);
}
