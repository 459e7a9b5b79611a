import { MailedLinkPage } from '../../components/mailed-link-page';
import { paths } from '../../config/paths';
import { cancelEmailChange } from '../../features/auth/api/verify-email';
import { authMessages, useT } from '../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

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
