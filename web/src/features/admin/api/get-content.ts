import type { AdminContent } from '@contract/wire';
import useSWR from 'swr';

/** GET /admin/content; every content write revalidates it or puts its answer in place. */
export const contentKey = '/admin/content';

/** The banners, payment channels, site settings and blog posts, as operators edit them. */
export function useAdminContent() {
  return useSWR<AdminContent>(contentKey);
}
