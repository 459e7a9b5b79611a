import { FormField } from '../../../components/form-field';

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
  return (
    <>
      <FormField
        label="New Password"
        name="new_password"
        secret
        autoComplete="new-password"
        value={value.password}
        error={errors.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
      />
      <FormField
        label="Confirm Password"
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
