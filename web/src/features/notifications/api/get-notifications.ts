import type { NotificationList, NotificationRow } from '@contract/wire';
import useSWRInfinite from 'swr/infinite';

export type Notification = NotificationRow;

const notificationsPath = '/user/notifications';

/** The key of a page: the first has no cursor, the next the previous page's `next_cursor`; none after the last. */
const pageKey = (index: number, previous: NotificationList | null) => {
  if (index === 0) return [notificationsPath, {}] as const;
  return previous?.next_cursor ? ([notificationsPath, { cursor: previous.next_cursor }] as const) : null;
};

/** POST /user/notifications: the signed-in user's notifications, newest first, a page at a time. */
export function useNotifications() {
  const pages = useSWRInfinite<NotificationList>(pageKey, { revalidateFirstPage: true });
  const items = pages.data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(pages.data?.at(-1)?.next_cursor);
  return { ...pages, items, hasMore, loadMore: () => pages.setSize(pages.size + 1) };
}
