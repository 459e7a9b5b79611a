import { LoginForm } from '../../features/auth/components/login-form';
import { authMessages } from '../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

export function LoginPage() {
  return (
    <div className="container auth-page">
      <LoginForm />
    </div>
  );
}

export { LoginPage as Component };
