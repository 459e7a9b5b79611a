import { Modal } from '../../../components/modal';
import { sessionStore, useSessionExpired } from '../../../lib/session';
import { LoginForm } from './login-form';

/**
 * After "Session Expired": a sign-in over the page, which stays as it was underneath, so that a
 * filled form is still there to send once the user is back in.
 */
export function SessionExpiredDialog() {
  const expired = useSessionExpired();
  if (!expired) return null;
  return (
    <Modal title="Session Expired" onClose={() => sessionStore.dismissExpired()} className="login-modal">
      <p className="muted">Please log in again to go on. What you typed on this page is kept.</p>
      <LoginForm heading={null} onLoggedIn={() => sessionStore.dismissExpired()} />
    </Modal>
  );
}
