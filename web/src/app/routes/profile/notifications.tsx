import { MailSettingsForm } from '../../../features/notifications/components/mail-settings-form';
import { NotificationList } from '../../../features/notifications/components/notification-list';
import { PushDeviceList } from '../../../features/notifications/components/push-device-list';
import { PushToggle } from '../../../features/notifications/components/push-toggle';
import { notificationsMessages, useT } from '../../../features/notifications/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [notificationsMessages];

/** Notifications: what happened to the shopper's orders and wallet, newest first, and which of it comes by e-mail. */
export function NotificationsPage() {
  const { t } = useT();
  return (
    <section className="panel">
      <div className="panel-head">
        <h1>{t('notifications.title')}</h1>
      </div>
      <PushToggle />
      <PushDeviceList />
      <MailSettingsForm />
      <NotificationList />
    </section>
  );
}

export { NotificationsPage as Component };
