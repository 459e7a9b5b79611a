import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { authMessages } from '../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

export function ForgotPasswordPage() {
  return (
    <div className="container auth-page">
      <ForgotPasswordForm />
    </div>
  );
}

export { ForgotPasswordPage as Component };
