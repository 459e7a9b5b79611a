import useSWR from 'swr';

/** A wallet transaction (spec §3), with why a cancelled one did not go through. */
export interface WalletRequest {
  rq_id: string;
  txn_id: string;
  status: string;
  amount: number;
  created_at: string;
  sender_id: string;
  sender_name: string;
  cancel_reason?: string;
}

export const walletRequestsKey = ['/user/get_wallet_request', {}] as const;

/** The signed-in user's wallet top-ups, newest first. */
export function useWalletRequests() {
  return useSWR<WalletRequest[]>(walletRequestsKey);
}
