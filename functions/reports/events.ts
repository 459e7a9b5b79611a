/**
 * Report events (decision 0023): each money transaction of a sale or a refund, and each settled
 * supplier delivery, claim and hold, also inserts one event item with the deltas it makes, and the
 * reports' stream consumer sums them into the day's aggregates once each. A sale writes only its
 * own event, so no buyer writes a shared item.
 */
import { tableName } from '../shared/db';
import { creationStamp } from '../shared/ids';
import { toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

/** What was sold or refunded: a plan of a game, or a voucher's codes (a brand's). */
export interface ReportedItem {
  kind: 'plan' | 'voucher';
  /** The game's (or the voucher brand's) id and name. */
  gameId: string;
  gameName: string;
  id: string;
  name: string;
}

/** A sale: its units, the list price of them, what a promo code or a sale took off, what was paid and how, and what it cost us where recorded. */
export interface SaleEvent {
  kind: 'sale';
  orderId: string;
  item: ReportedItem;
  units: number;
  gross: number;
  discount: number;
  net: number;
  /** The supplier's recorded cost, in whole taka; 0 where none is recorded (stock codes, the operators' hand). */
  cost: number;
  /** `wallet`, or the gateway's payment method (bKash, Nagad, …). */
  channel: string;
  coupanCode?: string;
}

/** A refund of an order's price, to the wallet or to the payment method that paid it. */
export interface RefundEvent {
  kind: 'refund';
  orderId: string;
  item: ReportedItem;
  amount: number;
  to: 'wallet' | 'method';
}

/** A supplier's top-up settled (delivered, failed) or its answer lost (unknown), for the supplier's day. */
export interface DeliveryOutcomeEvent {
  kind: 'delivery';
  orderId: string;
  supplier: string;
  outcome: 'delivered' | 'failed' | 'unknown';
  /** For `delivered`: whole seconds from paid to delivered. */
  seconds?: number;
}

/** A claim opened or closed (by the shop's rule, by an operator), an order held for review or released, for the day's claims. */
export interface ClaimChangeEvent {
  kind: 'claim';
  orderId: string;
  change: 'opened' | 'settled_by_rule' | 'settled_by_hand' | 'held' | 'released';
  /** For a settled claim: whole seconds from opened to settled. */
  seconds?: number;
}

/** What an event reports, before it has its id and time. */
export type ReportedChange = SaleEvent | RefundEvent | DeliveryOutcomeEvent | ClaimChangeEvent;

export type ReportEvent = ReportedChange & { id: string; at: string };

/** How long an event is kept after it is written: past the stream's 24 hours, so a replay still finds it applied. */
const keptSeconds = 3 * 86_400;

/**
 * The item of a new event, for the transaction of the change it reports (its own partition: the
 * order's), under a new time-ordered id; or under `onceAs`, an id the change can have only once in
 * its order (`delivered`, `opened#<claimId>`), so that a second write of it fails the transaction.
 */
export function reportEventItem(event: ReportedChange, now: string, onceAs?: string): TransactionItem {
  const id = onceAs ?? creationStamp(Date.parse(now)).id;
  const stored: ReportEvent = { ...event, id, at: now };
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...toItem('ReportEvent', { pk: `REPORTEVENT#${event.orderId}`, sk: `${event.kind}#${id}` }, stored, now),
        expiresAt: Math.floor(Date.parse(now) / 1000) + keptSeconds,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
