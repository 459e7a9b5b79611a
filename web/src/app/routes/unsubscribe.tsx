import { MailedLinkPage } from '../../components/mailed-link-page';
import { paths } from '../../config/paths';
import { unsubscribe } from '../../features/notifications/api/mail-settings';

/** Where a mail's unsubscribe link lands: that kind of mail is turned off at once (one click, no sign-in). */
export function UnsubscribePage() {
  return (
    <MailedLinkPage
      title="E-mail settings"
      spend={unsubscribe}
      next={{ to: paths.profileNotifications, label: 'All notification settings' }}
    />
  );
}

export { UnsubscribePage as Component };
