/**
 * The rules of flash sales, pure: which sale prices a plan at a given second, when its price next
 * changes, and the counter a capped sale's units are taken from. Times are epoch milliseconds.
 */
import type { ScheduledSale } from '../shared/scheduled-sale';
import { type UseCounter, maxShards } from './rules';

export type { ScheduledSale };

/** A sale as the console made it: its schedule and what it is on (a plan, or a voucher). */
export interface Sale extends ScheduledSale {
  planId?: string;
  voucherId?: string;
  createdAt: string;
}

/** What the plan keeps of a sale (no absent field, so that the copy compares equal when read back). */
export const scheduleOf = ({ id, price, startsAt, endsAt, quantity, perPerson, shards }: Sale): ScheduledSale => ({
  id,
  price,
  startsAt,
  endsAt,
  ...(quantity === undefined ? {} : { quantity }),
  ...(perPerson === undefined ? {} : { perPerson }),
  ...(shards === undefined ? {} : { shards }),
});

/**
 * How many shards count a capped sale whose orders take up to `unitsPerOrder` units: each shard
 * holds at least one whole order, so an order never fails for units spread thin across shards.
 */
export const saleShards = (quantity: number | undefined, unitsPerOrder: number) =>
  quantity === undefined || unitsPerOrder <= 1 ? undefined : Math.max(1, Math.min(maxShards, Math.floor(quantity / unitsPerOrder)));

/** The sale pricing a plan at `now`: started, not ended (its end is the first second at the list price). */
export const saleAt = (sales: readonly ScheduledSale[] | undefined, now: number): ScheduledSale | undefined =>
  sales?.find((sale) => sale.startsAt <= now && now < sale.endsAt);

/** The next second at which any of these sales starts or ends after `now` (undefined: none to come). */
export function nextPriceChange(sales: readonly ScheduledSale[], now: number): number | undefined {
  const changes = sales.flatMap((sale) => [sale.startsAt, sale.endsAt]).filter((time) => time > now);
  return changes.length === 0 ? undefined : Math.min(...changes);
}

/** The sales still to run or running at `now`, for the plan's own copy (ended ones are dropped). */
export const salesNotEnded = (sales: readonly ScheduledSale[] | undefined, now: number) =>
  (sales ?? []).filter((sale) => sale.endsAt > now);

/** Whether a new sale's time overlaps one the plan has already (a plan has one price at a time). */
export const overlapsAny = (sale: ScheduledSale, sales: readonly ScheduledSale[]) =>
  sales.some((other) => sale.startsAt < other.endsAt && other.startsAt < sale.endsAt);

/**
 * The counter a sale's units are taken from: the promo codes' sharded counter under the name
 * `SALE-<id>` (a name no typed code can have). A refund gives its unit back, so that the cap counts
 * units sold.
 */
export const saleCounter = (sale: ScheduledSale): UseCounter => ({
  code: saleCounterName(sale.id),
  maxUses: sale.quantity,
  shards: sale.shards,
  perPerson: sale.perPerson,
  refundReturnsUse: true,
  active: true,
});
export const saleCounterName = (saleId: string) => `SALE-${saleId}`;

/** Units left at the sale price from its shards' counts (undefined: no cap). */
export const unitsLeft = (sale: ScheduledSale, sold: number) =>
  sale.quantity === undefined ? undefined : Math.max(0, sale.quantity - sold);

/** Why the console refuses a sale. */
export const saleRefusals = {
  notBelowList: 'The sale price must be below the list price',
  overlaps: 'This item already has a sale at that time',
  changedMeanwhile: 'The item changed meanwhile: please try again',
  ended: 'The end must be in the future',
  belowCost: (cost: number) =>
    `The sale price is at or below what the item costs (৳${cost}): tick “Sell below cost” to sell at a loss on purpose`,
} as const;
