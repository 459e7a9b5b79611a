import { Modal } from '../../../components/modal';
import { sessionStore, useSessionExpired } from '../../../lib/session';
import { authMessages, useT } from '../messages';
import { LoginForm } from './login-form';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

/**
 * After "Session Expired": a sign-in over the page, which stays as it was underneath, so that a
 * filled form is still there to send once the user is back in.
 */
export function SessionExpiredDialog() {
  const { t } = useT();
  const expired = useSessionExpired();
  if (!expired) return null;
  return (
    <Modal title={t('auth.expired.title')} onClose={() => sessionStore.dismissExpired()} className="login-modal">
      <p className="muted">{t('auth.expired.text')}</p>
      <LoginForm heading={null} onLoggedIn={() => sessionStore.dismissExpired()} />
    </Modal>
  );
}
