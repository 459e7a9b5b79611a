import { Trans } from '@lingui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { useAction } from '../../../lib/use-action';
import { useForgotPassword } from '../api/forgot-password';
import { useT } from '../messages';

/** "Forgot Password?": an email, then the server's one answer (the same whether or not the address has an account). */
export function ForgotPasswordForm() {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<string>();
  const { trigger } = useForgotPassword();
  const { busy, run } = useAction(t('auth.forgot.failed'));
  const error = !email.trim()
    ? t('auth.requiredField')
    : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
      ? t('auth.invalidEmail')
      : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    await run(async () => setSent(await trigger(email.trim())));
  };

  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      <h1>{t('auth.forgot.title')}</h1>
      <p className="auth-lead">{t('auth.forgot.lead')}</p>
      {sent ? (
        <p className="notice notice-ok" role="status">
          {sent}
        </p>
      ) : (
        <>
          <FormField
            label={t('auth.field.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            error={tried ? error : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? t('auth.pleaseWait') : t('auth.forgot.send')}
          </button>
        </>
      )}
      <p className="auth-switch">
        <Trans id="auth.forgot.remembered" components={{ 0: <Link to={paths.login} /> }} />
      </p>
    </form>
  );
}
