import type { Dashboard } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/dashboard; every write that moves money or a queue revalidates it. */
export const dashboardKey = '/admin/dashboard';

/** Today's figures (the day in Asia/Dhaka) and what waits for an operator. */
export function useDashboard() {
  return useSWR<Dashboard>(dashboardKey);
}
