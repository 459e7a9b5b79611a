import '../notifications.css';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/load-failed';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { useT } from '../messages';

/** The most the API marks read in one call. */
const markReadLimit = 50;

/**
 * The signed-in user's notifications, newest first, each a link to what it is about. The unread
 * ones are marked as they were when the page opened, and marked read on the server once shown.
 */
export function NotificationList() {
  const { t, dateTime } = useT();
  const { items, error, isLoading, isValidating, hasMore, loadMore, mutate } = useNotifications();
  const { trigger: markRead } = useMarkRead();
  const sent = useRef(new Set<string>());

  useEffect(() => {
    const unread = items.filter((item) => !item.read && !sent.current.has(item.id)).map((item) => item.id);
    if (unread.length === 0) return;
    const ids = unread.slice(0, markReadLimit);
    for (const id of ids) sent.current.add(id);
    markRead(ids).catch(() => {
      for (const id of ids) sent.current.delete(id);
    });
  }, [items, markRead]);

  if (isLoading) return <div className="skeleton table-skeleton" />;
  if (error && items.length === 0) return <LoadFailed message={t('notifications.list.loadFailed')} onRetry={mutate} />;
  if (items.length === 0) {
    return (
      <div className="empty-state">
        <p>{t('notifications.list.empty')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="notification-list" data-testid="notifications">
        {items.map((item) => (
          <li key={item.id} className={item.read ? 'notification' : 'notification notification-unread'}>
            <Link to={item.link}>
              <span className="notification-title">
                {!item.read && (
                  <>
                    <span className="notification-dot" aria-hidden="true" />
                    <span className="visually-hidden">{t('notifications.list.unread')}</span>
                  </>
                )}
                {item.title}
              </span>
              <span className="notification-body">{item.body}</span>
              <time className="notification-time muted small" dateTime={item.at}>
                {dateTime(item.at)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className="button-row">
          <button type="button" className="button button-ghost button-small" onClick={() => void loadMore()} disabled={isValidating}>
            {isValidating ? t('notifications.list.loading') : t('notifications.list.more')}
          </button>
        </div>
      )}
    </>
  );
}
