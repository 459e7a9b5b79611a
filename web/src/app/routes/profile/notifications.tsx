import { MailSettingsForm } from '../../../features/notifications/components/mail-settings-form';
import { NotificationList } from '../../../features/notifications/components/notification-list';
import { PushToggle } from '../../../features/notifications/components/push-toggle';
import { useT } from '../../../features/notifications/messages';

/** Notifications: what happened to the shopper's orders and wallet, newest first, and which of it comes by e-mail. */
export function NotificationsPage() {
  const { t } = useT();
  return (
    <section className="panel">
      <div className="panel-head">
        <h1>{t('notifications.title')}</h1>
      </div>
      <PushToggle />
      <MailSettingsForm />
      <NotificationList />
    </section>
  );
}

export { NotificationsPage as Component };
