import type { NotificationList, NotificationRow } from '@contract/wire';
import useSWRInfinite from 'swr/infinite';
import { type Locale, useT } from '../../../lib/i18n';

export type Notification = NotificationRow;

const notificationsPath = '/user/notifications';

/**
 * The key of a page in the shop's language (the server words each notification in it): the first
 * has no cursor, the next the previous page's `next_cursor`; none after the last.
 */
const pageKey = (language: Locale) => (index: number, previous: NotificationList | null) => {
  if (index === 0) return [notificationsPath, { language }] as const;
  return previous?.next_cursor ? ([notificationsPath, { cursor: previous.next_cursor, language }] as const) : null;
};

/** POST /user/notifications: the signed-in user's notifications, newest first, a page at a time, asked again in a new language. */
export function useNotifications() {
  const { locale } = useT();
  const pages = useSWRInfinite<NotificationList>(pageKey(locale), { revalidateFirstPage: true });
  const items = pages.data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(pages.data?.at(-1)?.next_cursor);
  return { ...pages, items, hasMore, loadMore: () => pages.setSize(pages.size + 1) };
}
