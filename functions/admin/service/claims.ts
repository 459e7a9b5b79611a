import { auditEntry, auditItem } from '../../audit/repo';
import { listClaims } from '../../orders/claim-repo';
import { alertSettings } from '../../notifications/alert-settings';
import { type Claim, claimOverdue, claimWords } from '../../orders/claim-rules';
import { claimById, closeClaim, correctClaimPlayerId, refundClaimToWallet, replaceClaimCode, replyToClaim } from '../../orders/claims';
import { orderFromItem, orderKey } from '../../orders/repo';
import type { Page, PageRequest } from '../../shared/cursor';
import { batchGet } from '../../shared/db';
import type { ActiveUser } from '../../users/active-user';
import { type ConsoleOrder, refundOrderToPaymentMethod, withGameIcons } from './orders';

/** A claim as the console's queue shows it: with its order (its game's icon too), if the order is still there. */
export interface ConsoleClaim {
  claim: Claim;
  order?: ConsoleOrder;
  /** Open past the minutes promised for an answer. */
  overdue: boolean;
}

/**
 * The claims of a status, a page at a time: open ones oldest first (the queue operators work),
 * closed ones newest first; their orders read in one BatchGetItem; each marked overdue past the
 * minutes promised for an answer (the alert settings, read beside the Query).
 */
export async function claimsOf(status: Claim['status'], page: PageRequest): Promise<Page<ConsoleClaim>> {
  const [found, settings] = await Promise.all([listClaims(status, status === 'open', page), alertSettings()]);
  const orderItems = found.items.length > 0 ? await batchGet(found.items.map((claim) => orderKey(claim.userId, claim.orderId))) : [];
  const orders = await withGameIcons(orderItems.flatMap((item) => (item ? [orderFromItem(item)] : [])));
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  const now = Date.now();
  return {
    ...found,
    items: found.items.map((claim) => ({
      claim,
      order: byId.get(claim.orderId),
      overdue: claimOverdue(claim, settings.claimAnswerMinutes, now),
    })),
  };
}

/** An operator's answer in a claim's thread (the shopper is told), audited. */
export const replyToClaimAs = (admin: ActiveUser, claimId: string, message: string) =>
  replyToClaim(claimId, message, [auditItem(auditEntry(admin.id, 'claim.reply', claimId))]);

/** Closes a claim with an optional last word (the shopper is told), audited. */
export const closeClaimAs = (admin: ActiveUser, claimId: string, message?: string) =>
  closeClaim(claimId, message, [auditItem(auditEntry(admin.id, 'claim.close', claimId, message ?? ''))]);

/**
 * Refunds a claim's order and closes the claim, audited: to the wallet in one transaction with the
 * close; to the payment method through the gateway (exactly once, its own write), then closed.
 */
export async function refundClaimAs(admin: ActiveUser, claimId: string, to: 'wallet' | 'gateway'): Promise<Claim> {
  if (to === 'wallet') return refundClaimToWallet(claimId, [auditItem(auditEntry(admin.id, 'claim.refund', claimId, 'to the wallet'))]);
  const claim = await claimById(claimId);
  await refundOrderToPaymentMethod(admin, claim.orderId, `Refunded after report ${claimId}`);
  return closeClaimAs(admin, claimId, claimWords.operatorRefundedToMethod);
}

/** Replaces a claim's stock code and closes the claim, audited. */
export const replaceClaimCodeAs = (admin: ActiveUser, claimId: string) =>
  replaceClaimCode(claimId, [auditItem(auditEntry(admin.id, 'claim.replace_code', claimId))]);

/** Corrects a claim's player ID (delivered again where it fell back to the queue) and closes the claim, audited. */
export const correctClaimPlayerIdAs = (admin: ActiveUser, claimId: string, playerId: string) =>
  correctClaimPlayerId(claimId, playerId, [auditItem(auditEntry(admin.id, 'claim.correct_player_id', claimId, playerId))]);
