import { NotificationList } from '../../../features/notifications/components/notification-list';

/** Notifications: what happened to the shopper's orders and wallet, newest first. */
export function NotificationsPage() {
  return (
    <section className="panel">
      <div className="panel-head">
        <h1>Notifications</h1>
      </div>
      <NotificationList />
    </section>
  );
}

export { NotificationsPage as Component };
