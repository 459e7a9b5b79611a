/**
 * The day's aggregates a report event moves (decision 0023): pure, so that the stream consumer,
 * the backfill and the tests sum alike. Each aggregate is an item of the one reports partition
 * (`REPORTS`), its sort key led by its Dhaka day (`<day>#ITEM#…`), so that a range of days is one
 * Query; its numbers are added to, its names set once. Only the consumer writes there, a batch's
 * deltas summed into one write per aggregate, so no buyer ever writes a shared item.
 */
import { dhakaDay } from '../contract/report-range';
import type { ClaimChangeEvent, DeliveryOutcomeEvent, ReportEvent, ReportedItem } from './events';

/** The numbers an aggregate item keeps, by kind. */
export const itemColumns = ['orders', 'units', 'gross', 'discount', 'net', 'cost', 'refundsWallet', 'refundsMethod'] as const;
export const channelColumns = ['payments', 'amount'] as const;
export const promoColumns = ['uses', 'discount', 'revenue'] as const;
/** A supplier's day: deliveries settled, failed, left unknown, and the seconds from paid to delivered, summed (the mean is worked out when read). */
export const supplierColumns = ['deliveries', 'failures', 'unknowns', 'deliveredSeconds'] as const;
/** The day's claims and holds: opened, closed by a rule or by an operator, the seconds from opened to closed summed; orders held and released. */
export const claimColumns = ['opened', 'settledByRule', 'settledByHand', 'resolveSeconds', 'held', 'released'] as const;

/** The one partition of the aggregates. */
export const reportsPartition = 'REPORTS';

/** The sort keys of a day's aggregates, by kind. */
export const aggregateKeys = {
  item: (day: string, item: ReportedItem) => `${day}#ITEM#${item.gameId}#${item.kind}#${item.id}`,
  channel: (day: string, channel: string) => `${day}#CHANNEL#${channel}`,
  promo: (day: string, code: string) => `${day}#PROMO#${code}`,
  supplier: (day: string, supplier: string) => `${day}#SUPPLIER#${supplier}`,
  claims: (day: string) => `${day}#CLAIMS`,
};

export type Columns = Record<string, number>;

/** One aggregate's change: its key, its names (set where absent) and what is added to its numbers. */
export interface AggregateDelta {
  pk: string;
  sk: string;
  names: Record<string, string>;
  add: Columns;
}

const itemNames = (item: ReportedItem) => ({
  itemKind: item.kind,
  gameId: item.gameId,
  gameName: item.gameName,
  itemId: item.id,
  itemName: item.name,
});

/** What a supplier's outcome adds to its day's line: a delivery with its seconds, a failure, or an unknown. */
const supplierAdds = (event: DeliveryOutcomeEvent): Columns => {
  if (event.outcome === 'delivered') return { deliveries: 1, deliveredSeconds: event.seconds ?? 0 };
  return event.outcome === 'failed' ? { failures: 1 } : { unknowns: 1 };
};

/** What a claim's or a hold's change adds to the day's claims: a count, and a settled claim's seconds. */
const claimAdds = (event: ClaimChangeEvent): Columns => {
  switch (event.change) {
    case 'opened':
      return { opened: 1 };
    case 'settled_by_rule':
      return { settledByRule: 1, resolveSeconds: event.seconds ?? 0 };
    case 'settled_by_hand':
      return { settledByHand: 1, resolveSeconds: event.seconds ?? 0 };
    case 'held':
      return { held: 1 };
    case 'released':
      return { released: 1 };
  }
};

/**
 * What one event adds to its day: a sale its item's line, its channel's and its promo code's; a
 * refund its item's; a delivery outcome its supplier's; a claim's or a hold's change the claims'.
 */
export function deltasOf(event: ReportEvent): AggregateDelta[] {
  const pk = reportsPartition;
  const day = dhakaDay(Date.parse(event.at));
  if (event.kind === 'delivery')
    return [{ pk, sk: aggregateKeys.supplier(day, event.supplier), names: { supplier: event.supplier }, add: supplierAdds(event) }];
  if (event.kind === 'claim') return [{ pk, sk: aggregateKeys.claims(day), names: {}, add: claimAdds(event) }];
  if (event.kind === 'refund')
    return [
      {
        pk,
        sk: aggregateKeys.item(day, event.item),
        names: itemNames(event.item),
        add: event.to === 'wallet' ? { refundsWallet: event.amount } : { refundsMethod: event.amount },
      },
    ];
  const deltas: AggregateDelta[] = [
    {
      pk,
      sk: aggregateKeys.item(day, event.item),
      names: itemNames(event.item),
      add: { orders: 1, units: event.units, gross: event.gross, discount: event.discount, net: event.net, cost: event.cost },
    },
    { pk, sk: aggregateKeys.channel(day, event.channel), names: { channel: event.channel }, add: { payments: 1, amount: event.net } },
  ];
  if (event.coupanCode)
    deltas.push({
      pk,
      sk: aggregateKeys.promo(day, event.coupanCode),
      names: { coupanCode: event.coupanCode },
      add: { uses: 1, discount: event.discount, revenue: event.net },
    });
  return deltas;
}

/** The deltas of many events, one per aggregate, summed: a batch's writes. */
export function summed(deltas: AggregateDelta[]): AggregateDelta[] {
  const byKey = new Map<string, AggregateDelta>();
  for (const delta of deltas) {
    const key = `${delta.pk}|${delta.sk}`;
    const found = byKey.get(key);
    if (!found) {
      byKey.set(key, { ...delta, add: { ...delta.add } });
      continue;
    }
    for (const [column, value] of Object.entries(delta.add)) found.add[column] = (found.add[column] ?? 0) + value;
  }
  return [...byKey.values()];
}
