import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useResetPassword } from '../api/reset-password';
import { useT } from '../messages';
import { confirmationError, newPasswordError } from '../password-rules';
import { NewPasswordFields } from './new-password-fields';

const empty = { password: '', confirm: '' };

/** Where a mailed reset link lands: a new password twice; on success, to the login. A used or old link says so, with a way to ask again. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<string>();
  const { trigger } = useResetPassword();
  const { busy, run } = useAction(t('auth.reset.failed'));
  const errors = { password: newPasswordError(form.password), confirm: confirmationError(form.confirm, form.password) };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (errors.password || errors.confirm) return;
    await run(async () => {
      try {
        toast.success(await trigger({ token, new_password: form.password }));
      } catch (error) {
        setRefused(error instanceof Error ? error.message : t('auth.reset.linkUnusable'));
        throw error;
      }
      navigate(paths.login);
    });
  };

  if (!token || refused) {
    return (
      <div className="auth-card">
        <h1>{t('auth.reset.title')}</h1>
        <p className="notice notice-danger" role="alert">
          {refused ?? t('auth.reset.incomplete')}
        </p>
        <p className="auth-switch">
          <Link to={paths.forgotPassword}>{t('auth.reset.newLink')}</Link>
        </p>
      </div>
    );
  }

  const shown = (field: keyof typeof errors) => (tried ? errors[field] : undefined);
  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      <h1>{t('auth.reset.title')}</h1>
      <p className="auth-lead">{t('auth.reset.lead')}</p>
      <NewPasswordFields
        value={form}
        errors={{ password: shown('password'), confirm: shown('confirm') }}
        onChange={(next) => setForm({ ...form, ...next })}
      />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? t('auth.saving') : t('auth.reset.submit')}
      </button>
    </form>
  );
}
