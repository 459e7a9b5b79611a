import { RegisterForm } from '../../features/auth/components/register-form';
import { authMessages } from '../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

export function RegisterPage() {
  return (
    <div className="container auth-page">
      <RegisterForm />
    </div>
  );
}

export { RegisterPage as Component };
