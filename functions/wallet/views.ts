import type { WalletRequest } from './repo';

/** The contract's wallet transaction row, with the reason a cancelled request did not go through. */
export const walletRequestView = (request: WalletRequest) => ({
  rq_id: request.requestId,
  txn_id: request.txnId,
  status: request.status,
  amount: request.amount,
  created_at: request.createdAt,
  sender_id: request.senderNumber ?? '',
  sender_name: request.paymentMethod ?? '',
  cancel_reason: request.cancelReason ?? '',
});
