import { apiRequest } from '../../../lib/api';

/** The txn_id of spec §3: a millisecond timestamp followed by a random number below 10000. */
export const newTxnId = () => `${Date.now()}${Math.floor(Math.random() * 10000)}`;

/** POST /user/wallet_request_webview: asks for a gateway checkout to add `amount` taka. */
export async function startTopUp(amount: number, requestData?: string) {
  const { data } = await apiRequest<{ status: number; payment_url: string; message: string }>('POST', '/user/wallet_request_webview', {
    body: { amount, txn_id: newTxnId(), requestData },
  });
  return data;
}
