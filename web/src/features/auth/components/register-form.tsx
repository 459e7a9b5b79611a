import { Trans } from '@lingui/react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { safeNext, signInPath } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { logIn } from '../api/log-in';
import { register } from '../api/register';
import { GoogleButton } from './google-button';
import { useAction } from '../../../lib/use-action';
import { useT } from '../messages';

const empty = { name: '', email: '', mobile_no: '', password: '' };

/** The register screen (spec §2); a new account is signed in straight away and goes on to ?next= (else home). */
export function RegisterForm() {
  const { t } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next') ?? undefined;
  const [form, setForm] = useState(empty);
  const [tried, setTried] = useState(false);
  const { busy, run } = useAction(t('auth.register.failed'));
  const missing = (field: keyof typeof empty) => (tried && !form[field].trim() ? '' : undefined);
  const set = (field: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [field]: event.target.value });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(form).some((value) => !value.trim())) return;
    await run(async () => {
      const message = await register({ ...form, name: form.name.trim(), email: form.email.trim(), mobile_no: form.mobile_no.trim() });
      await logIn({ email: form.email.trim(), password: form.password });
      setForm(empty);
      setTried(false);
      toast.dismiss();
      toast.success(message);
      navigate(safeNext(next));
    });
  };

  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      <h1>{t('auth.register.title')}</h1>
      <p className="auth-lead">{t('auth.register.lead')}</p>
      <FormField
        label={t('auth.field.name')}
        name="name"
        autoComplete="name"
        value={form.name}
        error={missing('name')}
        onChange={set('name')}
      />
      <FormField
        label={t('auth.field.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        error={missing('email')}
        onChange={set('email')}
      />
      <FormField
        label={t('auth.field.mobile')}
        name="mobile_no"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={form.mobile_no}
        error={missing('mobile_no')}
        onChange={set('mobile_no')}
      />
      <FormField
        label={t('auth.field.password')}
        name="password"
        secret
        autoComplete="new-password"
        value={form.password}
        error={missing('password')}
        onChange={set('password')}
      />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? t('auth.pleaseWait') : t('auth.submit')}
      </button>
      <div className="divider">{t('auth.or')}</div>
      <GoogleButton
        onSignedIn={(message) => {
          toast.dismiss();
          toast.success(message);
          navigate(safeNext(next));
        }}
      />
      <p className="auth-switch">
        <Trans id="auth.register.haveAccount" components={{ 0: <Link to={signInPath('login', next)} /> }} />
      </p>
    </form>
  );
}
