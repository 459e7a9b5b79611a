import { useSyncExternalStore } from 'react';

/** User info as the API returns it (spec §3). */
export interface UserInfo {
  authToken?: string;
  code: string;
  name: string;
  email: string;
  mobile_no: string;
  image: string;
  photoURL?: string;
  wallet_balance: number;
  /** False for a Google-only account, which may set a first password without a current one. */
  has_password?: boolean;
}

/** The auth state of the spec: persisted (token and user info) plus the last action's outcome. */
export interface AuthState {
  loading: boolean;
  userInfo: UserInfo | null;
  userToken: string;
  error: string | null;
  success: boolean;
}

/** The localStorage entry of the spec: JSON holding `userToken` among others. */
export const authStorageKey = 'authState';

const signedOut: AuthState = { loading: false, userInfo: null, userToken: '', error: null, success: false };

function restore(): AuthState {
  const raw = localStorage.getItem(authStorageKey);
  if (!raw) return signedOut;
  try {
    const stored = JSON.parse(raw) as Partial<AuthState>;
    if (typeof stored.userToken !== 'string') return signedOut;
    return { ...signedOut, userToken: stored.userToken, userInfo: stored.userInfo ?? null };
  } catch (error) {
    console.error('Stored login state could not be read', error);
    return signedOut;
  }
}

let state = restore();
const listeners = new Set<() => void>();

function persist(next: AuthState): void {
  if (next.userToken) localStorage.setItem(authStorageKey, JSON.stringify({ userToken: next.userToken, userInfo: next.userInfo }));
  else localStorage.removeItem(authStorageKey);
}

/**
 * The one session store, outside React so that the API client can read the token and clear a
 * revoked session; components read it with `useSession`.
 */
export const sessionStore = {
  get: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(change: Partial<AuthState>): void {
    state = { ...state, ...change };
    persist(state);
    for (const listener of listeners) listener();
  },
  clear(): void {
    sessionStore.update({ ...signedOut });
  },
};

/** The current auth state; re-renders on every change. */
export function useSession(): AuthState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
