import { saveAccountLanguage } from './account-language';
import { currentLocale, deviceChoseLocale, switchLocale } from './i18n';
import type { UserInfo } from '@contract/wire';
import useSWR, { mutate, preload, unload } from 'swr';
import { ApiError, apiRequest, sessionExpired } from './api';
import { sessionStore, useSessionToken } from './session';

/** The SWR key of the signed-in user; every write that changes the user or the balance revalidates it. */
export const userKey = ['/user/user_data', {}] as const;

/** POST /user/user_data; a 401 is the API client's "Session Expired". */
async function fetchUser(): Promise<UserInfo> {
  const { data } = await apiRequest<UserInfo>('POST', userKey[0]);
  return data;
}

/**
 * The start-up check of a stored token (spec §4), the same call with its own 401 rule: "Token
 * invalid or missing" ends the session silently (the API client has dropped the token); any
 * other 401 is the global "Session Expired".
 */
async function checkStoredUser(): Promise<UserInfo> {
  try {
    const { data } = await apiRequest<UserInfo>('POST', userKey[0], { quietUnauthorized: true });
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.message !== 'Token invalid or missing') sessionExpired();
    throw error;
  }
}

/** With a stored token, fetches its user at once, before the first page has loaded; the first `useUser` takes that answer. */
export function preloadUser(): void {
  if (sessionStore.token()) preload(userKey, checkStoredUser).catch(() => undefined);
}

/**
 * The signed-in user and their wallet balance: the one source for every page. Fetched when a
 * token is there and nothing is cached, then again only when a write revalidates `userKey`.
 * A failed fetch keeps quiet apart from the 401 rules, as the user's refreshes always have.
 */
export function useUser() {
  const token = useSessionToken();
  return useSWR<UserInfo>(token ? userKey : null, fetchUser, { revalidateIfStale: false, onError: () => undefined });
}

/**
 * Forgets every cached answer, so that one user's orders, codes, wallet or admin lists never show
 * to the next (SWR's `unload`: every entry, paged lists included, and the requests in flight),
 * and has the mounted pages read again with the session as it now is: the catalogue and the
 * content come back at once, a user's lists come back for the new user (or fail quietly with
 * no session: see the 401 rule in lib/api).
 */
function forgetCache(): void {
  unload({ revalidate: true });
}

/**
 * Starts a session from a login answer: the token is kept, its user put in the cache, and the rest
 * read again. The language: a device that never chose one takes the account's; one that chose
 * gives its choice to the account (the mails follow the shopper's latest choice).
 */
export async function startSession({ authToken, ...user }: UserInfo & { authToken: string }): Promise<void> {
  sessionStore.setToken(authToken);
  forgetCache();
  await mutate(userKey, user, { revalidate: false });
  if (user.language === currentLocale()) return;
  if (deviceChoseLocale()) void saveAccountLanguage(currentLocale());
  else await switchLocale(user.language).catch(() => undefined);
}

/** How long logging out waits for the shop to forget this device's notifications before it goes on. */
const pushStopWaitMs = 3000;

/**
 * Logs out on this browser: it stops getting the account's notifications first (as far as the
 * network allows in a moment: the browser drops its subscription anyway), then the session ends.
 */
export async function logOut(): Promise<void> {
  const stopped = import('./push-here').then(({ stopPushHere }) => stopPushHere()).catch(() => undefined);
  await Promise.race([stopped, new Promise((done) => setTimeout(done, pushStopWaitMs))]);
  endSession();
}

/** Ends the session: the token and everything cached are forgotten. */
export function endSession(): void {
  sessionStore.clear();
  sessionStore.dismissExpired();
  forgetCache();
}
