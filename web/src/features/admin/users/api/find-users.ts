import type { AdminUserRow } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/users?q= ; none without a query. */
export const userSearchKey = (query: string) => (query ? `/admin/users?q=${encodeURIComponent(query)}` : null);

/** Whether a cache key is a user search (an adjustment changes the balance it shows). */
export const isUserSearchKey = (key: unknown) => typeof key === 'string' && key.startsWith('/admin/users?q=');

/** The users an exact email, mobile number or user id names (at most a few: no pages). */
export function useUserSearch(query: string) {
  return useSWR<AdminUserRow[]>(userSearchKey(query));
}
