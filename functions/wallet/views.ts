import type { LedgerEntryRow, WalletRequestRow, WalletStatement, WireStatus } from '../contract/wire';
import { type Page, pageView } from '../shared/cursor';
import { maskedNumber } from '../shared/receipt';
import type { LedgerReason } from './money';
import type { LedgerEntry, WalletRequest, WalletRequestStatus } from './repo';

/** A wallet request's status on the wire: "0" pending, "1" completed, "2" cancelled. */
export const walletRequestWireStatus: Record<WalletRequestStatus, WireStatus> = { pending: '0', completed: '1', cancelled: '2' };

/**
 * The contract's wallet transaction row: the provider and the payer's number (masked) of a paid
 * one, the reason a cancelled one did not go through, and whether money came after it was given up.
 */
export const walletRequestView = (request: WalletRequest): WalletRequestRow => ({
  rq_id: request.requestId,
  txn_id: request.txnId,
  status: walletRequestWireStatus[request.status],
  amount: request.amount,
  created_at: request.createdAt,
  sender_id: maskedNumber(request.receipt?.senderNumber ?? ''),
  sender_name: request.receipt?.paymentMethod ?? '',
  transaction_id: request.receipt?.transactionId ?? '',
  cancel_reason: request.status === 'cancelled' ? (request.cancelReason ?? '') : '',
  paid_late: request.status === 'completed' && Boolean(request.cancelReason),
  payment_confirming: request.status === 'pending' && Boolean(request.invoiceId),
  payment_url: request.status === 'pending' ? (request.paymentUrl ?? '') : '',
  invoice_id: request.invoiceId ?? '',
});

const statementReasons: Record<LedgerReason, LedgerEntryRow['reason']> = {
  topup: 'topup',
  'plan-order': 'purchase',
  'voucher-order': 'purchase',
  refund: 'refund',
  adjustment: 'adjustment',
};

/** The contract's ledger line; plan and code purchases both read as `purchase`. */
export const ledgerEntryView = (entry: LedgerEntry): LedgerEntryRow => ({
  seq: entry.seq,
  delta: entry.delta,
  balance_after: entry.balanceAfter,
  reason: statementReasons[entry.reason],
  reference: entry.reference,
  created_at: entry.createdAt,
  discount: entry.discount ?? 0,
  coupan_code: entry.coupanCode ?? '',
});

/** A page of the statement on the wire: `{items, next_cursor}`. */
export const statementView = (page: Page<LedgerEntry>): WalletStatement => pageView(page, ledgerEntryView);
