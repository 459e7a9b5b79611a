import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { useAction } from '../../../lib/use-action';
import { useForgotPassword } from '../api/forgot-password';

/** "Forgot Password?": an email, then the server's one answer (the same whether or not the address has an account). */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<string>();
  const { trigger } = useForgotPassword();
  const { busy, run } = useAction('The link could not be sent');
  const error = !email.trim()
    ? 'Required Field'
    : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
      ? 'Please enter a valid email'
      : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    await run(async () => setSent(await trigger(email.trim())));
  };

  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      <h1>Forgot Password?</h1>
      <p className="auth-lead">
        Enter the email of your account. We send it a link to set a new password; the link works once, for a short time.
      </p>
      {sent ? (
        <p className="notice notice-ok" role="status">
          {sent}
        </p>
      ) : (
        <>
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            error={tried ? error : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? 'Please wait…' : 'Send the link'}
          </button>
        </>
      )}
      <p className="auth-switch">
        Remembered it? <Link to={paths.login}>Login</Link>
      </p>
    </form>
  );
}
