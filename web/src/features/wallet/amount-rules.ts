import { taka } from '../../lib/format';

/** How much one top-up may add, in whole taka. */
export interface TopUpLimits {
  min: number;
  max: number;
}

/** Amounts one tap away. */
export const quickAmounts = [100, 500, 1000];

/** The amount's problem, if any: the spec's messages (§5), then the limits in the server's words. */
export function amountError(value: string, limits: TopUpLimits): string | undefined {
  if (!value.trim()) return 'Required Field';
  if (!/^\d+$/.test(value.trim())) return 'Only Numbers are allowed';
  const amount = Number(value);
  if (amount < limits.min || amount > limits.max) return `Add between ${taka(limits.min)} and ${taka(limits.max)} at a time`;
  return undefined;
}
