import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import type { UserInfo } from '@contract/wire';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useUpdateUser } from '../api/update-user';
import { googleProof } from '../google-proof';

/**
 * Edit name, mobile number and email; name and mobile number are required. A new email needs
 * proof: the current password, or (a Google-only account) a Google sign-in just now.
 */
export function EditProfileForm({ user }: { user: UserInfo }) {
  const [form, setForm] = useState({ name: user.name, mobile_no: user.mobile_no, email: user.email, current: '' });
  const emailChanges = form.email.trim().toLowerCase() !== user.email.toLowerCase() && form.email.trim() !== '';
  const needsCurrent = emailChanges && user.has_password !== false;
  const [tried, setTried] = useState(false);
  const { trigger: updateUser } = useUpdateUser();
  const { busy, run } = useAction('Update failed');
  const required = (value: string) => (tried && !value.trim() ? 'Required Field' : undefined);

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
      <h1>Edit Profile</h1>
      <FormField
        label="Name"
        name="name"
        value={form.name}
        error={required(form.name)}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <FormField
        label="Mobile Number"
        name="mobile_no"
        type="tel"
        value={form.mobile_no}
        error={required(form.mobile_no)}
        onChange={(e) => setForm({ ...form, mobile_no: e.target.value })}
      />
      <FormField label="Email" name="email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
      {needsCurrent && (
        <FormField
          label="Current Password"
          name="password"
          secret
          autoComplete="current-password"
          hint="A new email needs your current password."
          value={form.current}
          error={required(form.current)}
          onChange={(e) => setForm({ ...form, current: e.target.value })}
        />
      )}
      {emailChanges && !needsCurrent && <p className="muted">To change your email, we ask you to sign in with Google again.</p>}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}
