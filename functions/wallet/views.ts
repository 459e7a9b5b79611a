import type { WalletRequestRow, WireStatus } from '../contract/wire';
import type { WalletRequest, WalletRequestStatus } from './repo';

const wireStatus: Record<WalletRequestStatus, WireStatus> = { pending: '0', completed: '1', cancelled: '2' };

/** The contract's wallet transaction row, with the reason a cancelled request did not go through. */
export const walletRequestView = (request: WalletRequest): WalletRequestRow => ({
  rq_id: request.requestId,
  txn_id: request.txnId,
  status: wireStatus[request.status],
  amount: request.amount,
  created_at: request.createdAt,
  sender_id: request.senderNumber ?? '',
  sender_name: request.paymentMethod ?? '',
  cancel_reason: request.cancelReason ?? '',
});
