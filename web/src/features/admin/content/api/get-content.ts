import type { AdminContent } from '@contract/admin-wire';
import useSWR from 'swr';
import type { DeleteRevalidation } from '../../kit/api/delete-item';

/** GET /admin/content; every content write revalidates it or puts its answer in place. */
export const contentKey = '/admin/content';

/** What deleting a blog post, a banner or a payment channel revalidates. */
export const contentDeletes: DeleteRevalidation = { lists: (key) => key === contentKey, area: 'content' };

/** The banners, payment channels, site settings and blog posts, as operators edit them. */
export function useAdminContent() {
  return useSWR<AdminContent>(contentKey);
}
