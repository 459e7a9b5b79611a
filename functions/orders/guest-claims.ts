/**
 * "Add my earlier orders to this account" (contract: Guest checkout): an account takes in the
 * finished guest orders of its verified e-mail address and verified mobile number, each order in
 * one transaction with its audit entry, so that two parallel asks move each order once.
 */
import { auditEntry, auditItem } from '../audit/repo';
import { TransactionCancelled, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import { guestPartitionItems, moveOrderItems, orderIdOfItem } from './guest-move-repo';
import { guestOrderMovable, verifiedGuestIdsOf } from './guests';
import { orderFromItem } from './repo';

/** Moves the account's verified contacts' finished guest orders into it; answers how many it moved. */
export async function claimGuestOrders(user: ActiveUser): Promise<number> {
  let claimed = 0;
  for (const guestId of verifiedGuestIdsOf(user)) {
    const byOrder = new Map<string, Record<string, unknown>[]>();
    for (const item of await guestPartitionItems(guestId)) {
      const orderId = orderIdOfItem(item);
      if (orderId) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), item]);
    }
    for (const [orderId, items] of byOrder) {
      const orderItem = items.find((item) => String(item.sk).startsWith('ORDER#'));
      if (!orderItem || !guestOrderMovable(orderFromItem(orderItem))) continue;
      const now = new Date().toISOString();
      try {
        await transact([
          ...moveOrderItems(items, guestId, user.id, now),
          auditItem(auditEntry(user.id, 'claim-guest-order', orderId, 'a guest order of a verified contact added to the account')),
        ]);
        claimed += 1;
      } catch (error) {
        // Changed meanwhile (a claim, a refund) or moved by a parallel ask: left for the next ask, or already moved.
        if (!(error instanceof TransactionCancelled)) throw error;
      }
    }
  }
  return claimed;
}
