import { minPasswordLength } from '@contract/rules';

/** The new password's problem, if any (spec §5). */
export function newPasswordError(value: string): string | undefined {
  if (!value) return 'Required Field';
  if (value.length < minPasswordLength) return 'Min length must be five';
  return undefined;
}

/** The confirmation's problem, if any (spec §5). */
export function confirmationError(value: string, password: string): string | undefined {
  return newPasswordError(value) ?? (value !== password ? 'Does not match with password' : undefined);
}
