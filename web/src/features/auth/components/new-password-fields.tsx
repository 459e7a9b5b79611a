import { FormField } from '../../../components/form-field';
import { useT } from '../messages';

interface NewPassword {
  password: string;
  confirm: string;
}

/** The new password, twice: the fields a reset and a password change share, with the errors to show. */
export function NewPasswordFields({
  value,
  errors,
  onChange,
}: {
  value: NewPassword;
  errors: { password?: string; confirm?: string };
  onChange: (value: NewPassword) => void;
}) {
  const { t } = useT();
  return (
    <>
      <FormField
        label={t('auth.field.newPassword')}
        name="new_password"
        secret
        autoComplete="new-password"
        value={value.password}
        error={errors.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
      />
      <FormField
        label={t('auth.field.confirmPassword')}
        name="confirm_password"
        secret
        autoComplete="new-password"
        value={value.confirm}
        error={errors.confirm}
        onChange={(e) => onChange({ ...value, confirm: e.target.value })}
      />
    </>
  );
}
