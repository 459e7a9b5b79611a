import type { CodeOrderRow } from '@contract/wire';
import useSWR from 'swr';

/** A code purchase (spec §3): `price` is the unit price, `codes` comma-separated. */
export type CodePurchase = CodeOrderRow;

export const codeHistoryKey = ['/user/get_voucher_history', {}] as const;

/** The signed-in user's code purchases, newest first. */
export function useCodeHistory() {
  return useSWR<CodePurchase[]>(codeHistoryKey);
}
