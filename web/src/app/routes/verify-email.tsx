import { mutate } from 'swr';
import { MailedLinkPage } from '../../components/mailed-link-page';
import { paths } from '../../config/paths';
import { verifyEmail } from '../../features/auth/api/verify-email';
import { authMessages, useT } from '../../features/auth/messages';
import { userKey } from '../../lib/auth';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

/** The profile changes with a verified email: read again once the link is spent. */
async function verifyAndRefresh(token: string): Promise<string> {
  const message = await verifyEmail(token);
  void mutate(userKey);
  return message;
}

/** Where a mailed "confirm your email" link lands. */
export function VerifyEmailPage() {
  const { t } = useT();
  return (
    <MailedLinkPage
      title={t('auth.verifyEmail.title')}
      spend={verifyAndRefresh}
      next={{ to: paths.profile, label: t('auth.verifyEmail.next') }}
    />
  );
}

export { VerifyEmailPage as Component };
