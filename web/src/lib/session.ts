import { useSyncExternalStore } from 'react';

/** The localStorage entry of the spec: JSON holding `userToken`. */
export const authStorageKey = 'authState';

/** The stored token, or none; a stored entry that cannot be read is logged and ignored (spec §8). */
function restore(): string {
  const raw = localStorage.getItem(authStorageKey);
  if (!raw) return '';
  try {
    const stored = JSON.parse(raw) as { userToken?: unknown };
    return typeof stored.userToken === 'string' ? stored.userToken : '';
  } catch (error) {
    console.error('Stored login state could not be read', error);
    return '';
  }
}

let token = restore();
/** Set when the server ended the session mid-visit (a 401), until the next sign-in or a dismissal. */
let expired = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * The session: the user's token, kept outside React so that the API client can send it and
 * drop a revoked one. Who the user is and what they hold is `useUser` (lib/auth), not this.
 */
export const sessionStore = {
  token: (): string => token,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken(next: string): void {
    token = next;
    if (next) expired = false;
    if (next) localStorage.setItem(authStorageKey, JSON.stringify({ userToken: next }));
    else localStorage.removeItem(authStorageKey);
    notify();
  },
  clear(): void {
    sessionStore.setToken('');
  },
  /** Whether the session ended under the user's feet: the page stays, and offers a sign-in in place. */
  expired: (): boolean => expired,
  markExpired(): void {
    expired = true;
    notify();
  },
  dismissExpired(): void {
    expired = false;
    notify();
  },
};

/** The current token ('' when signed out); re-renders when it changes. */
export function useSessionToken(): string {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.token);
}

/** Whether the session expired mid-visit and the user has not signed in again (or said not now). */
export function useSessionExpired(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.expired);
}
