import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import type { UserInfo } from '@contract/wire';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useUpdateUser } from '../api/update-user';
import { googleProof } from '../google-proof';
import { useT } from '../messages';
import { confirmationError, newPasswordError } from '../password-rules';
import { NewPasswordFields } from './new-password-fields';

const empty = { current: '', password: '', confirm: '' };

/** Change the password: the current one (a Google-only account signs in with Google again instead), the new one twice. */
export function SecurityForm({ user }: { user: UserInfo }) {
  const { t } = useT();
  const needsCurrent = user.has_password !== false;
  const [form, setForm] = useState(empty);
  const [tried, setTried] = useState(false);
  const { trigger: updateUser } = useUpdateUser();
  const { busy, run } = useAction(t('auth.security.failed'));
  const errors = {
    current: needsCurrent && !form.current ? t('auth.requiredField') : undefined,
    password: newPasswordError(form.password),
    confirm: confirmationError(form.confirm, form.password),
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(errors).some(Boolean)) return;
    await run(async () => {
      const proof = needsCurrent ? { password: form.current } : await googleProof();
      toast.success(await updateUser({ ...proof, new_password: form.password }));
      setForm(empty);
      setTried(false);
    });
  };

  const shown = (field: keyof typeof errors) => (tried ? errors[field] : undefined);
  return (
    <form className="panel" onSubmit={submit} noValidate>
      <h1>{t('auth.security.title')}</h1>
      <p className="muted">
        {t('auth.security.lead')}
        {needsCurrent ? '' : ` ${t('auth.security.googleLead')}`}
      </p>
      {needsCurrent && (
        <FormField
          label={t('auth.field.currentPassword')}
          name="password"
          secret
          autoComplete="current-password"
          value={form.current}
          error={shown('current')}
          onChange={(e) => setForm({ ...form, current: e.target.value })}
        />
      )}
      <NewPasswordFields
        value={form}
        errors={{ password: shown('password'), confirm: shown('confirm') }}
        onChange={(next) => setForm({ ...form, ...next })}
      />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t('auth.saving') : t('auth.security.submit')}
      </button>
    </form>
  );
}
