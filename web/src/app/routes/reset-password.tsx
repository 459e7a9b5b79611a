import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

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
