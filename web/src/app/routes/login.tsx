import { LoginForm } from '../../features/auth/components/login-form';

export function LoginPage() {
  return (
    <div className="container auth-page">
      <LoginForm />
    </div>
  );
}

export { LoginPage as Component };
