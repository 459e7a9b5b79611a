import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { logIn } from '../api/log-in';
import { GoogleButton } from './google-button';
import { useAction } from '../../../lib/use-action';

const empty = { email: '', password: '' };

/** The login screen (spec §2): email or mobile number, password, Google, and the way to register. */
export function LoginForm() {
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [tried, setTried] = useState(false);
  const { busy, run } = useAction('Login failed');
  const missing = (field: keyof typeof empty) => (tried && !form[field].trim() ? '' : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!form.email.trim() || !form.password) return;
    await run(async () => {
      const message = await logIn({ email: form.email.trim(), password: form.password });
      setForm(empty);
      setTried(false);
      toast.success(message);
      navigate(paths.home);
    });
  };

  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      <h1>Login</h1>
      <p className="auth-lead">Welcome back. Your wallet and orders are waiting.</p>
      <FormField label="Email/Mobile Number" name="email" autoComplete="username" value={form.email} error={missing('email')} onChange={(e) => setForm({ ...form, email: e.target.value })} />
      <FormField label="Password" name="password" secret autoComplete="current-password" value={form.password} error={missing('password')} onChange={(e) => setForm({ ...form, password: e.target.value })} />
      <div className="auth-row">
        <Link to={paths.contactUs} className="text-link">
          Forgot Password?
        </Link>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? 'Please wait…' : 'Submit'}
      </button>
      <div className="divider">or</div>
      <GoogleButton />
      <p className="auth-switch">
        Don't have an account ? <Link to={paths.register}>Register</Link>
      </p>
    </form>
  );
}
