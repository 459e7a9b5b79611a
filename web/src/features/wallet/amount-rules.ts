import { taka } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';
import { t } from './messages';

/** How much one top-up may add, in whole taka. */
export interface TopUpLimits {
  min: number;
  max: number;
}

/** Amounts one tap away. */
export const quickAmounts = [100, 500, 1000];

/** The amount's problem, if any, in the current language: the spec's messages (§5), then the limits in the server's words. */
export function amountError(value: string, limits: TopUpLimits): string | undefined {
  if (!value.trim()) return t('wallet.required');
  if (!/^\d+$/.test(value.trim())) return t('wallet.onlyNumbers');
  const amount = Number(value);
  const locale = currentLocale();
  if (amount < limits.min || amount > limits.max)
    return t('wallet.amountRange', { min: taka(limits.min, locale), max: taka(limits.max, locale) });
  return undefined;
}
