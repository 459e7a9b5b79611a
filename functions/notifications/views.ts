import type { Language } from '../contract/fields';
import type { NotificationList, NotificationRow, NotificationSettings, PushDevice } from '../contract/wire';
import type { Page } from '../shared/cursor';
import type { MailSettings } from './mail-settings';
import type { OwnedDevice } from './push-devices';
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

/** A device getting the account's notifications, on the wire. */
export const pushDeviceView = (device: OwnedDevice): PushDevice => ({
  id: device.id,
  browser: device.kind.browser,
  system: device.kind.system,
  service: device.service,
  created_at: device.createdAt,
  this_device: device.thisDevice,
});
