import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import type { UserInfo } from '@contract/wire';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useUpdateUser } from '../api/update-user';
import { googleProof } from '../google-proof';
import { useT } from '../messages';

/**
 * Edit name, mobile number and email; name and mobile number are required. A new email needs
 * proof: the current password, or (a Google-only account) a Google sign-in just now.
 */
export function EditProfileForm({ user }: { user: UserInfo }) {
  const { t } = useT();
  const [form, setForm] = useState({ name: user.name, mobile_no: user.mobile_no, email: user.email, current: '' });
  const emailChanges = form.email.trim().toLowerCase() !== user.email.toLowerCase() && form.email.trim() !== '';
  const needsCurrent = emailChanges && user.has_password !== false;
  const [tried, setTried] = useState(false);
  const { trigger: updateUser } = useUpdateUser();
  const { busy, run } = useAction(t('auth.edit.failed'));
  const required = (value: string) => (tried && !value.trim() ? t('auth.requiredField') : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!form.name.trim() || !form.mobile_no.trim() || (needsCurrent && !form.current)) return;
    await run(async () => {
      const proof = !emailChanges ? {} : needsCurrent ? { password: form.current } : await googleProof();
      toast.success(await updateUser({ name: form.name.trim(), mobile_no: form.mobile_no.trim(), email: form.email.trim(), ...proof }));
      setForm((shown) => ({ ...shown, current: '' }));
      setTried(false);
    });
  };

  return (
    <form className="panel" onSubmit={submit} noValidate>
      <h1>{t('auth.edit.title')}</h1>
      <FormField
        label={t('auth.field.name')}
        name="name"
        value={form.name}
        error={required(form.name)}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <FormField
        label={t('auth.field.mobile')}
        name="mobile_no"
        type="tel"
        value={form.mobile_no}
        error={required(form.mobile_no)}
        onChange={(e) => setForm({ ...form, mobile_no: e.target.value })}
      />
      <FormField
        label={t('auth.field.email')}
        name="email"
        type="email"
        value={form.email}
        onChange={(e) => setForm({ ...form, email: e.target.value })}
      />
      {needsCurrent && (
        <FormField
          label={t('auth.field.currentPassword')}
          name="password"
          secret
          autoComplete="current-password"
          hint={t('auth.edit.currentHint')}
          value={form.current}
          error={required(form.current)}
          onChange={(e) => setForm({ ...form, current: e.target.value })}
        />
      )}
      {emailChanges && !needsCurrent && <p className="muted">{t('auth.edit.googleNote')}</p>}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t('auth.saving') : t('auth.edit.save')}
      </button>
    </form>
  );
}
