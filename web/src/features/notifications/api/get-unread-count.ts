import type { NotificationList } from '@contract/wire';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api';
import { useUser } from '../../../lib/auth';
import { useSessionToken } from '../../../lib/session';

const notificationsPath = '/user/notifications';

/**
 * The SWR key of the signed-in user's unread count. It reads the first page of POST
 * /user/notifications and keeps only `unread`, under its own key so that the list's pages stay apart.
 */
export const unreadCountKey = [notificationsPath, 'unread'] as const;

async function fetchUnreadCount(): Promise<number> {
  const { data } = await apiRequest<NotificationList>('POST', notificationsPath);
  return data.unread;
}

/**
 * The signed-in user's unread notifications, for the header: none asked for without a session,
 * nor before the start-up check has confirmed a stored one (a revoked session is cleared quietly
 * there; asked first, this count would answer 401 and say "Session Expired"); read again on
 * focus and every minute; a failure keeps quiet (the count is a hint, not a page).
 */
export function useUnreadCount(): number {
  const token = useSessionToken();
  const { data: user } = useUser();
  const { data } = useSWR(token && user ? unreadCountKey : null, fetchUnreadCount, {
    revalidateOnFocus: true,
    refreshInterval: 60_000,
    onError: () => undefined,
  });
  return data ?? 0;
}
