import { MailedLinkPage } from '../../components/mailed-link-page';
import { paths } from '../../config/paths';
import { cancelEmailChange } from '../../features/auth/api/verify-email';
import { useT } from '../../features/auth/messages';

/** Where the owner's "this wasn't me" link lands: it cancels the email change once. */
export function CancelEmailChangePage() {
  const { t } = useT();
  return (
    <MailedLinkPage
      title={t('auth.cancelEmail.title')}
      spend={cancelEmailChange}
      next={{ to: paths.forgotPassword, label: t('auth.cancelEmail.next') }}
    />
  );
}

export { CancelEmailChangePage as Component };
