import type { Language } from '../contract/fields';
import type { NotificationList, NotificationRow, NotificationSettings } from '../contract/wire';
import type { Page } from '../shared/cursor';
import type { MailSettings } from './mail-settings';
import { type Notification, wordsIn } from './repo';

/** A notification on the wire, in the language the shop is shown in (the request's, else the account's). */
export const notificationView = (notification: Notification, language?: Language): NotificationRow => ({
  id: notification.id,
  at: notification.at,
  kind: notification.kind,
  ...wordsIn(notification, language),
  link: notification.link,
  read: notification.read,
});

/** A page of notifications with the unread count. */
export const notificationListView = (page: Page<Notification> & { unread: number }, language?: Language): NotificationList => ({
  items: page.items.map((notification) => notificationView(notification, language)),
  next_cursor: page.nextCursor,
  unread: page.unread,
});

/** The shopper's notification settings on the wire. */
export const notificationSettingsView = (mail: MailSettings): NotificationSettings => ({ mail });
