import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { authMessages } from '../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

/** /reset-password?token=…: where the mailed link lands. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <div className="container auth-page">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </div>
  );
}

export { ResetPasswordPage as Component };
