import type { WalletRequestRow } from '@contract/wire';
import useSWR from 'swr';
import { walletRequestsKey } from '../../../lib/cache-keys';
import { type TopUpStatus, type Worded, eachFromWire, readWith, topUpFromWire } from '../../../lib/statuses';

/** A wallet transaction (spec §3), with why a cancelled one did not go through and, while it waits, where to pay it. */
export type WalletRequest = Worded<WalletRequestRow, TopUpStatus>;

const readWalletRequests = readWith(eachFromWire(topUpFromWire<WalletRequestRow>));

/** The signed-in user's wallet top-ups, newest first; read only while `enabled`. */
export function useWalletRequests(enabled = true) {
  return useSWR<WalletRequest[]>(enabled ? walletRequestsKey : null, readWalletRequests);
}

/** Whether a top-up is waiting for its payment, with a link to pay it. */
export const awaitsPayment = (request: WalletRequest) => request.status === 'pending' && request.payment_url !== '';
