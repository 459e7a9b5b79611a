import { auditEntry, auditItem } from '../../audit/repo';
import { settleInvoice } from '../../payments/service';
import type { Page, PageRequest } from '../../shared/cursor';
import { Conflict, NotFound } from '../../shared/errors';
import { transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';
import { type WalletRequest, type WalletRequestStatus, findWalletRequest, listWalletRequestsByStatus } from '../../wallet/repo';

/** A page of every user's top-ups of one status, newest first. */
export function walletRequestsOf(status: WalletRequestStatus, page: PageRequest): Promise<Page<WalletRequest>> {
  return listWalletRequestsByStatus(status, page);
}

/**
 * "Verify now": asks the gateway about a top-up's invoice and settles it through the one settle
 * step (the reconciler's path, on demand). The audit entry goes in the settle's transaction when
 * it changes something, else alone.
 */
export async function verifyWalletRequest(admin: ActiveUser, requestId: string): Promise<WalletRequestStatus> {
  const request = await findWalletRequest(requestId);
  if (!request) throw new NotFound('Top-up not found');
  if (!request.invoiceId) throw new Conflict('This top-up never reached the payment gateway');
  const entry = auditEntry(admin.id, 'wallet_request.verify', requestId, `invoice ${request.invoiceId} of ${request.userId}`);
  const result = await settleInvoice(request.invoiceId, { alsoWrite: [auditItem(entry)] });
  if (!result) throw new Conflict('The payment gateway does not know this invoice');
  if (!result.changed) await transact([auditItem({ ...entry, detail: `${entry.detail}: no change` })]);
  return result.status;
}
