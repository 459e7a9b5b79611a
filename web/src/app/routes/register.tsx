import { RegisterForm } from '../../features/auth/components/register-form';

export function RegisterPage() {
  return (
    <div className="container auth-page">
      <RegisterForm />
    </div>
  );
}

export { RegisterPage as Component };
