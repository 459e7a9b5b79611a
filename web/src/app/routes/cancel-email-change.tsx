import { MailedLinkPage } from '../../components/mailed-link-page';
import { paths } from '../../config/paths';
import { cancelEmailChange } from '../../features/auth/api/verify-email';

/** Where the owner's "this wasn't me" link lands: it cancels the email change once. */
export function CancelEmailChangePage() {
  return <MailedLinkPage title="Email change" spend={cancelEmailChange} next={{ to: paths.forgotPassword, label: 'Set a new password' }} />;
}

export { CancelEmailChangePage as Component };
