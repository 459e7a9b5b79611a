import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <div className="container auth-page">
      <ForgotPasswordForm />
    </div>
  );
}

export { ForgotPasswordPage as Component };
