import { gatewayOf } from '../../gateway/port';
import { auditEntry, auditItem } from '../../audit/repo';
import { type NamedInvoice, type SettleResult, settleInvoice } from '../../payments/service';
import { waitingPaymentDetails } from '../../payments/waiting';
import type { Page, PageRequest } from '../../shared/cursor';
import { Conflict, NotFound } from '../../shared/errors';
import { transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';
import { type WalletRequest, type WalletRequestStatus, findWalletRequest, listWalletRequestsByStatus } from '../../wallet/repo';

/** A page of every user's top-ups of one status, newest first. */
export function walletRequestsOf(status: WalletRequestStatus, page: PageRequest): Promise<Page<WalletRequest>> {
  return listWalletRequestsByStatus(status, page);
}

/** Every gateway payment still waiting (top-ups and orders), oldest first. */
export const waitingPayments = waitingPaymentDetails;

/**
 * Settles an invoice through the one settle step, for an operator: its gateway (or, not named,
 * each gateway in turn) is asked, and the payment is matched to its top-up or order by its
 * metadata, like a payer's return. The audit entry goes in the settle's transaction when it
 * changes something, else alone.
 */
export async function settleInvoiceFor(admin: ActiveUser, invoice: NamedInvoice, target: string): Promise<SettleResult> {
  const entry = auditEntry(admin.id, 'payment.settle', target, `invoice ${invoice.invoiceId}`);
  const result = await settleInvoice(invoice, { alsoWrite: [auditItem(entry)] });
  if (!result) throw new NotFound('The payment gateway does not know this invoice, or it is not a payment of this shop');
  if (!result.changed) await transact([auditItem({ ...entry, detail: `${entry.detail}: no change` })]);
  return result;
}

/**
 * "Verify now" on a top-up: asks the gateway about its invoice and settles it. A top-up whose
 * invoice id never came (the payer closed the gateway's page, no webhook) is settled with the
 * invoice id from the gateway's panel instead (`settleInvoiceFor`).
 */
export async function verifyWalletRequest(admin: ActiveUser, requestId: string): Promise<WalletRequestStatus> {
  const request = await findWalletRequest(requestId);
  if (!request) throw new NotFound('Top-up not found');
  if (!request.invoiceId)
    throw new Conflict("No invoice id has come for this top-up yet: settle it with the invoice id from the gateway's panel");
  return (await settleInvoiceFor(admin, { gateway: gatewayOf(request), invoiceId: request.invoiceId }, requestId)).status;
}
