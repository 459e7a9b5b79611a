import type { AdminUserDetail } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/users/{id} */
export const userDetailKey = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

/** One user with the balance and the newest 100 ledger lines. */
export function useAdminUser(userId: string) {
  return useSWR<AdminUserDetail>(userDetailKey(userId));
}
