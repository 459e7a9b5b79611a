import type { WalletRequestRow } from '@contract/wire';
import useSWR from 'swr';
import { walletRequestsKey } from '../../../lib/cache-keys';

/** A wallet transaction (spec §3), with why a cancelled one did not go through. */
export type WalletRequest = WalletRequestRow;

/** The signed-in user's wallet top-ups, newest first. */
export function useWalletRequests() {
  return useSWR<WalletRequest[]>(walletRequestsKey);
}
