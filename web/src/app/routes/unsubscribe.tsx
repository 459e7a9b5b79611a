import { MailedLinkPage } from '../../components/mailed-link-page';
import { paths } from '../../config/paths';
import { unsubscribe } from '../../features/notifications/api/mail-settings';
import { notificationsMessages, useT } from '../../features/notifications/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [notificationsMessages];

/** Where a mail's unsubscribe link lands: that kind of mail is turned off at once (one click, no sign-in). */
export function UnsubscribePage() {
  const { t } = useT();
  return (
    <MailedLinkPage
      title={t('notifications.unsubscribe.title')}
      spend={unsubscribe}
      next={{ to: paths.profileNotifications, label: t('notifications.unsubscribe.next') }}
    />
  );
}

export { UnsubscribePage as Component };
