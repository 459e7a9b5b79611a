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
const listeners = new Set<() => void>();

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
    if (next) localStorage.setItem(authStorageKey, JSON.stringify({ userToken: next }));
    else localStorage.removeItem(authStorageKey);
    for (const listener of listeners) listener();
  },
  clear(): void {
    sessionStore.setToken('');
  },
};

/** The current token ('' when signed out); re-renders when it changes. */
export function useSessionToken(): string {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.token);
}
