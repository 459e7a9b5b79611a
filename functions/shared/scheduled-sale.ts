/**
 * A flash sale as the item it prices carries it (a plan, a voucher): the rules are promotions'
 * (sale-rules.ts); the copy lives on the item so that one read prices an order.
 */
export interface ScheduledSale {
  id: string;
  /** The price of one unit while the sale runs, whole taka. */
  price: number;
  startsAt: number;
  /** The first second at the list price again. */
  endsAt: number;
  /** Units at the sale price in all; none: no cap. */
  quantity?: number;
  /** Units at the sale price per person (the account and the player ID each count); none: no cap. */
  perPerson?: number;
  /** How many shards count its units, where an order takes several (a voucher's codes): each shard holds a whole order. */
  shards?: number;
}
