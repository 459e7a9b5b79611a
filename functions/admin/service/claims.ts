import { auditEntry, auditItem } from '../../audit/repo';
import { listClaims } from '../../orders/claim-repo';
import type { Claim } from '../../orders/claim-rules';
import { closeClaim, replyToClaim } from '../../orders/claims';
import { orderFromItem, orderKey } from '../../orders/repo';
import type { Page, PageRequest } from '../../shared/cursor';
import { batchGet } from '../../shared/db';
import type { ActiveUser } from '../../users/active-user';
import { type ConsoleOrder, withGameIcons } from './orders';

/** A claim as the console's queue shows it: with its order (its game's icon too), if the order is still there. */
export interface ConsoleClaim {
  claim: Claim;
  order?: ConsoleOrder;
}

/**
 * The claims of a status, a page at a time: open ones oldest first (the queue operators work),
 * closed ones newest first; their orders read in one BatchGetItem.
 */
export async function claimsOf(status: Claim['status'], page: PageRequest): Promise<Page<ConsoleClaim>> {
  const found = await listClaims(status, status === 'open', page);
  const orderItems = found.items.length > 0 ? await batchGet(found.items.map((claim) => orderKey(claim.userId, claim.orderId))) : [];
  const orders = await withGameIcons(orderItems.flatMap((item) => (item ? [orderFromItem(item)] : [])));
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  return { ...found, items: found.items.map((claim) => ({ claim, order: byId.get(claim.orderId) })) };
}

/** An operator's answer in a claim's thread (the shopper is told), audited. */
export const replyToClaimAs = (admin: ActiveUser, claimId: string, message: string) =>
  replyToClaim(claimId, message, [auditItem(auditEntry(admin.id, 'claim.reply', claimId))]);

/** Closes a claim with an optional last word (the shopper is told), audited. */
export const closeClaimAs = (admin: ActiveUser, claimId: string, message?: string) =>
  closeClaim(claimId, message, [auditItem(auditEntry(admin.id, 'claim.close', claimId, message ?? ''))]);
