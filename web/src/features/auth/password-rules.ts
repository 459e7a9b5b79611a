import { minPasswordLength } from '@contract/rules';
import { t } from './messages';

/** The new password's problem, if any (spec §5). */
export function newPasswordError(value: string): string | undefined {
  if (!value) return t('auth.requiredField');
  if (value.length < minPasswordLength) return t('auth.password.minLength');
  return undefined;
}

/** The confirmation's problem, if any (spec §5). */
export function confirmationError(value: string, password: string): string | undefined {
  return newPasswordError(value) ?? (value !== password ? t('auth.password.mismatch') : undefined);
}
