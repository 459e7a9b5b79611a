import type { NotificationList, NotificationRow, NotificationSettings } from '../contract/wire';
import type { Page } from '../shared/cursor';
import type { MailSettings } from './mail-settings';
import type { Notification } from './repo';

/** A notification on the wire. */
export const notificationView = (notification: Notification): NotificationRow => ({
  id: notification.id,
  at: notification.at,
  kind: notification.kind,
  title: notification.title,
  body: notification.body,
  link: notification.link,
  read: notification.read,
});

/** A page of notifications with the unread count. */
export const notificationListView = (page: Page<Notification> & { unread: number }): NotificationList => ({
  items: page.items.map(notificationView),
  next_cursor: page.nextCursor,
  unread: page.unread,
});

/** The shopper's notification settings on the wire. */
export const notificationSettingsView = (mail: MailSettings): NotificationSettings => ({ mail });
