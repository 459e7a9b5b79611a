import { Trans } from '@lingui/react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { paths, safeNext, signInPath } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { logIn } from '../api/log-in';
import { useT } from '../messages';
import { GoogleButton } from './google-button';

const empty = { email: '', password: '' };

interface LoginFormProps {
  /** Instead of going on (to ?next= or home): signed in where the user is (the session-expired dialog). */
  onLoggedIn?: () => void;
  /** The heading's level and text: the page's h1, or a dialog's own. */
  heading?: React.ReactNode;
}

/**
 * The login screen (spec §2): email or mobile number, password, Google, and the ways to register
 * and to reset a forgotten password. Success goes to ?next= (the page a visitor was buying on),
 * else home; any error toast still showing from a failed try goes with it.
 */
export function LoginForm({ onLoggedIn, heading }: LoginFormProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next') ?? undefined;
  const [form, setForm] = useState(empty);
  const [tried, setTried] = useState(false);
  const { busy, run } = useAction(t('auth.login.failed'));
  const missing = (field: keyof typeof empty) => (tried && !form[field].trim() ? '' : undefined);

  const done = (message: string) => {
    toast.dismiss();
    toast.success(message);
    if (onLoggedIn) onLoggedIn();
    else navigate(safeNext(next));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!form.email.trim() || !form.password) return;
    await run(async () => {
      const message = await logIn({ email: form.email.trim(), password: form.password });
      setForm(empty);
      setTried(false);
      done(message);
    });
  };

  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      {heading === undefined ? <h1>{t('auth.login.title')}</h1> : heading}
      <p className="auth-lead">{t('auth.login.lead')}</p>
      <FormField
        label={t('auth.field.emailOrMobile')}
        name="email"
        autoComplete="username"
        value={form.email}
        error={missing('email')}
        onChange={(e) => setForm({ ...form, email: e.target.value })}
      />
      <FormField
        label={t('auth.field.password')}
        name="password"
        secret
        autoComplete="current-password"
        value={form.password}
        error={missing('password')}
        onChange={(e) => setForm({ ...form, password: e.target.value })}
      />
      <div className="auth-row">
        <Link to={paths.forgotPassword} className="text-link">
          {t('auth.login.forgot')}
        </Link>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? t('auth.pleaseWait') : t('auth.submit')}
      </button>
      <div className="divider">{t('auth.or')}</div>
      <GoogleButton onSignedIn={done} />
      {!onLoggedIn && (
        <p className="auth-switch">
          <Trans id="auth.login.noAccount" components={{ 0: <Link to={signInPath('register', next)} /> }} />
        </p>
      )}
      {!onLoggedIn && (
        <p className="auth-switch">
          <Trans id="auth.login.boughtAsGuest" components={{ 0: <Link to={paths.findOrders} /> }} />
        </p>
      )}
    </form>
  );
}
