import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { normalizePlayerId } from '../contract/rules';
import { db, queryAll, tableName } from '../shared/db';
import { toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import { type ScheduledSale, type Sale, saleCounter, saleCounterName } from './sale-rules';
import { type HeldUse, type PromoCode, type PromoShard, type UseCounter, maxShards, shardLimits } from './rules';

/**
 * A promo code's partition `PROMO#<CODE>`: the code (`#META`), its use counter in shards
 * (`#USES#<n>`, each with its share of the limit, so that buyers of one code write different
 * items), each person's uses (`PERSON#<key>`) and one line per use (`USE#<orderId>`).
 */
const partition = (code: string) => `PROMO#${code}`;
export const promoKey = (code: string) => ({ pk: partition(code), sk: '#META' });
const shardKey = (code: string, shard: number) => ({ pk: partition(code), sk: `#USES#${shard}` });
const personKey = (code: string, person: string) => ({ pk: partition(code), sk: `PERSON#${person}` });

/** Every shard key a code may have (a code has up to eight), for the read that prices an order. */
export const promoReadKeys = (code: string) => [promoKey(code), ...Array.from({ length: maxShards }, (_, shard) => shardKey(code, shard))];

/**
 * Who a use counts against: the account, the player ID of a top-up and the account's verified
 * mobile number (a second account for the same player, or for the same phone, gets nothing more).
 * The player ID counts across games: the code is read before the plan that names the game, and a
 * number shared by two games' players is rare and errs strict.
 */
export function personKeysOf(use: { userId: string; playerId?: string; verifiedMobile?: string }): string[] {
  const playerId = use.playerId && normalizePlayerId(use.playerId);
  return [
    `account#${use.userId}`,
    ...(playerId ? [`player#${playerId}`] : []),
    ...(use.verifiedMobile ? [`mobile#${use.verifiedMobile}`] : []),
  ];
}
export const promoPersonKeys = (code: string, persons: string[]) => persons.map((person) => personKey(code, person));

/**
 * A person's mark of having bought (`CUSTOMER#<person>` / `#ORDERED`, with the first paid order's
 * id and time): what tells a first order across accounts. Written with a paid order for each of
 * its persons not marked yet; an order taking a first-order code writes all of them, each
 * conditioned on not existing, and a checkout holding one checks that none exists.
 */
const orderedKey = (person: string) => ({ pk: `CUSTOMER#${person}`, sk: '#ORDERED' });
export const orderedKeys = (persons: readonly string[]) => persons.map(orderedKey);

/** The marks of a paid order's persons (the ones not marked when read): the first order's id stays the first. */
export const orderedMarkItems = (persons: readonly string[], orderId: string, now: string): TransactionItem[] =>
  persons.map((person) => ({
    Update: {
      TableName: tableName,
      Key: orderedKey(person),
      UpdateExpression:
        'SET firstOrderId = if_not_exists(firstOrderId, :id), firstOrderAt = if_not_exists(firstOrderAt, :now), entity = :entity',
      ExpressionAttributeValues: { ':id': orderId, ':now': now, ':entity': 'CustomerMark' },
    },
  }));

/** A first-order code's marks: each of the order's persons marked now, on the condition that none had bought. */
export const firstOrderMarkItems = (persons: readonly string[], orderId: string, now: string): TransactionItem[] =>
  persons.map((person) => ({
    Put: {
      TableName: tableName,
      Item: toItem('CustomerMark', orderedKey(person), { firstOrderId: orderId, firstOrderAt: now }, now),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));

/** A gateway checkout holding a first-order code: that none of its persons has bought yet (marked when it is paid). */
export const notOrderedCheckItems = (persons: readonly string[]): TransactionItem[] =>
  persons.map((person) => ({
    ConditionCheck: { TableName: tableName, Key: orderedKey(person), ConditionExpression: 'attribute_not_exists(pk)' },
  }));

/** The code and its shards from the items of `promoReadKeys` (undefined: no such code). */
export function promoFromItems(items: (Record<string, unknown> | undefined)[]): { code: PromoCode; shards: PromoShard[] } | undefined {
  const [meta, ...shardItems] = items;
  if (!meta) return undefined;
  return { code: meta as unknown as PromoCode, shards: shardsFromItems(shardItems) };
}

/** A counter's shards from the items of its eight shard keys, in order (absent ones skipped). */
export const shardsFromItems = (items: (Record<string, unknown> | undefined)[]): PromoShard[] =>
  items.flatMap((item, shard) =>
    item ? [{ shard, uses: Number(item.uses ?? 0), limit: item.limit === undefined ? undefined : Number(item.limit) }] : [],
  );

/** The uses a person has had of a code, from the items of `promoPersonKeys`. */
export const personUses = (items: (Record<string, unknown> | undefined)[]) => Math.max(0, ...items.map((item) => Number(item?.count ?? 0)));

/**
 * A new counter with its empty shards, written only where none of that name exists, and listed in
 * gsi2 under `listing` (codes: `PROMOS` by name; sales: `SALES` by their end, so that the shop
 * reads only those not ended).
 */
function newCounterItems(
  entity: string,
  counter: UseCounter,
  fields: object,
  listing: { gsi2pk: string; gsi2sk: string },
  now: string,
): TransactionItem[] {
  return [
    {
      Put: {
        TableName: tableName,
        Item: toItem(entity, { ...promoKey(counter.code), ...listing }, fields, now),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...shardLimits(counter.maxUses, counter.shards).map((limit, shard) => ({
      Put: {
        TableName: tableName,
        Item: toItem(
          'PromoUses',
          { ...shardKey(counter.code, shard), gsi2pk: listing.gsi2pk, gsi2sk: `${listing.gsi2sk}#USES#${shard}` },
          { shard, uses: 0, limit, discountTotal: 0, revenue: 0, active: counter.active },
          now,
        ),
      },
    })),
  ];
}

/** A new code with its empty shards. */
export const newPromoItems = (code: PromoCode, now: string) =>
  newCounterItems('PromoCode', code, code, { gsi2pk: 'PROMOS', gsi2sk: code.code }, now);

const saleListingKey = (sale: ScheduledSale) => `${new Date(sale.endsAt).toISOString()}#${sale.id}`;

/** A new sale's counter (its units and each person's), listed by its end. */
export const newSaleItems = (sale: Sale, now: string) =>
  newCounterItems('Sale', saleCounter(sale), { ...saleCounter(sale), ...sale }, { gsi2pk: 'SALES', gsi2sk: saleListingKey(sale) }, now);

/**
 * A use's line: `paid` (a wallet order, or a gateway one once paid), `held` (a checkout waiting),
 * `released` (its checkout given up), `returned` (its order refunded, where the code gives uses back).
 */
export type UseStatus = 'paid' | 'held' | 'released' | 'returned';

/**
 * What one order's use writes: the use (or a sale's `units`) counted on a shard with room (its
 * condition keeps the limit: `uses < limit` for one, or for several the room the read saw,
 * `uses <= limit - units`), each person's count (at most `perPerson` after it), and the use's line.
 */
export function takeUseItems(
  code: UseCounter,
  shard: number,
  persons: string[],
  use: { orderId: string; userId: string; discount: number; total: number; at: string; status: UseStatus },
  units: { count: number; shardLimit?: number } = { count: 1 },
): TransactionItem[] {
  const several = units.count > 1 && units.shardLimit !== undefined;
  return [
    {
      Update: {
        TableName: tableName,
        Key: shardKey(code.code, shard),
        UpdateExpression: 'ADD uses :units, discountTotal :discount, revenue :total',
        // The shard carries the code's `active` too, so that a pause between the read and this write
        // refuses the use without every buyer's transaction touching the code's own item.
        ConditionExpression: several
          ? 'active = :true AND uses <= :before'
          : 'active = :true AND (attribute_not_exists(#limit) OR uses < #limit)',
        ...(several ? {} : { ExpressionAttributeNames: { '#limit': 'limit' } }),
        ExpressionAttributeValues: {
          ':units': units.count,
          ':discount': use.discount,
          ':total': use.total,
          ':true': true,
          ...(several ? { ':before': units.shardLimit! - units.count } : {}),
        },
      },
    },
    ...persons.map((person) => ({
      Update: {
        TableName: tableName,
        Key: personKey(code.code, person),
        UpdateExpression: 'ADD #count :units SET entity = :entity',
        ConditionExpression: 'attribute_not_exists(#count) OR #count <= :before',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':units': units.count, ':before': (code.perPerson ?? 0) - units.count, ':entity': 'PromoPersonUse' },
      },
    })),
    {
      Put: {
        TableName: tableName,
        Item: toItem(
          'PromoUse',
          { pk: partition(code.code), sk: `USE#${use.orderId}` },
          { ...use, code: code.code, shard, units: units.count },
          use.at,
        ),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** A use's line moved on, once (its condition is the status it leaves). */
const moveUseLineItem = (held: HeldUse, orderId: string, from: UseStatus, to: UseStatus, now: string): TransactionItem => ({
  Update: {
    TableName: tableName,
    Key: { pk: partition(held.code), sk: `USE#${orderId}` },
    UpdateExpression: 'SET #status = :to, updatedAt = :now',
    ConditionExpression: '#status = :from',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now },
  },
});

/** A held use confirmed by its payment: it stays counted. */
export const confirmUseItems = (held: HeldUse, orderId: string, now: string): TransactionItem[] => [
  moveUseLineItem(held, orderId, 'held', 'paid', now),
];

/**
 * A use given back, once: a held one whose checkout was cancelled, failed or expired (`released`),
 * or a paid one whose order was refunded (`returned`): its shard, each person's count and the sums.
 */
export function releaseUseItems(held: HeldUse, orderId: string, now: string, from: 'held' | 'paid' = 'held'): TransactionItem[] {
  return [
    moveUseLineItem(held, orderId, from, from === 'held' ? 'released' : 'returned', now),
    {
      Update: {
        TableName: tableName,
        Key: shardKey(held.code, held.shard),
        UpdateExpression: 'ADD uses :less, discountTotal :discount, revenue :total',
        ExpressionAttributeValues: { ':less': -(held.units ?? 1), ':discount': -held.discount, ':total': -held.total },
      },
    },
    ...held.persons.map((person) => ({
      Update: {
        TableName: tableName,
        Key: personKey(held.code, person),
        UpdateExpression: 'ADD #count :less',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':less': -(held.units ?? 1) },
      },
    })),
  ];
}

/** Where, in `takeUseItems`' list, the person counts begin (the shard comes first). */
export const personItemsOffset = 1;

/** What a counter has done so far: its uses, the discount given and the revenue, summed over its shards. */
export interface CounterTotals {
  uses: number;
  discountTotal: number;
  revenue: number;
}

/** The counters among a gsi2 listing's items (each its `#META` and its shards), each with its shards' totals. */
function countersWithTotals<T>(items: Record<string, unknown>[]): (T & CounterTotals)[] {
  const counters = new Map<string, T & CounterTotals>();
  const totals = new Map<string, CounterTotals>();
  for (const item of items) {
    const name = String(item.pk);
    if (item.sk === '#META') {
      counters.set(name, { ...(item as T), uses: 0, discountTotal: 0, revenue: 0 });
      continue;
    }
    const sum = totals.get(name) ?? { uses: 0, discountTotal: 0, revenue: 0 };
    sum.uses += Number(item.uses ?? 0);
    sum.discountTotal += Number(item.discountTotal ?? 0);
    sum.revenue += Number(item.revenue ?? 0);
    totals.set(name, sum);
  }
  return [...counters].map(([name, counter]) => ({ ...counter, ...totals.get(name) }));
}

/** Every code with its uses, discount and revenue so far: one Query of gsi2 PROMOS (codes and their shards). */
export async function listPromoCodes(): Promise<(PromoCode & CounterTotals)[]> {
  return countersWithTotals<PromoCode>(await queryAll({ index: 'gsi2', key: 'gsi2pk', value: 'PROMOS' }));
}

/** A sale with its units sold so far. */
export type SaleWithSold = Sale & { sold: number; discountTotal: number; revenue: number };

/**
 * Sales with what they sold, from one Query of gsi2 `SALES` (their counters, by end): every sale,
 * or (`notEndedAt`) only those whose end is after that second, which is all the shop ever reads.
 */
export async function listSales(notEndedAt?: number): Promise<SaleWithSold[]> {
  const items = await queryAll({
    index: 'gsi2',
    key: 'gsi2pk',
    value: 'SALES',
    sortKey: 'gsi2sk',
    sortAbove: notEndedAt === undefined ? undefined : new Date(notEndedAt).toISOString(),
  });
  return countersWithTotals<Sale>(items).map(({ uses, ...sale }) => ({ ...sale, sold: uses }));
}

/** The shard keys and the buyer's count keys of a sale, for the read that decides whether a buyer still gets its price. */
export const saleReadKeys = (sale: ScheduledSale, persons: string[]) => [
  ...(sale.quantity === undefined ? [] : promoReadKeys(saleCounterName(sale.id)).slice(1)),
  ...(sale.perPerson === undefined ? [] : promoPersonKeys(saleCounterName(sale.id), persons)),
];

/** A code or a sale's counter paused or resumed: its own item (which must exist) and each of its shards, which every use checks. */
export function counterActiveItems(
  counter: Pick<UseCounter, 'code' | 'maxUses' | 'shards'>,
  active: boolean,
  now: string,
): TransactionItem[] {
  const set = (key: { pk: string; sk: string }, condition?: string): TransactionItem => ({
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET active = :active, updatedAt = :now',
      ...(condition ? { ConditionExpression: condition } : {}),
      ExpressionAttributeValues: { ':active': active, ':now': now },
    },
  });
  return [
    set(promoKey(counter.code), 'attribute_exists(pk)'),
    ...shardLimits(counter.maxUses, counter.shards).map((_, shard) => set(shardKey(counter.code, shard))),
  ];
}

/** A code as its item holds it: with when it last changed, which an edit is conditioned on. */
export type StoredPromoCode = PromoCode & { updatedAt: string };

/** What an operator may change of a code once made (`PromoCode`'s fields; its name, kind, value and uses in all stay). */
export const editableTerms = [
  'description',
  'maxDiscount',
  'minTotal',
  'startsAt',
  'endsAt',
  'perPerson',
  'planIds',
  'voucherIds',
  'gameIds',
  'refundReturnsUse',
  'belowCostAcknowledged',
  'firstOrderOnly',
  'public',
] as const satisfies readonly (keyof PromoCode)[];
export type PromoTerms = Pick<PromoCode, (typeof editableTerms)[number]>;

/**
 * A code's terms replaced by an edit: each set, or removed where the edit leaves it empty;
 * conditioned on the code's item as it was read (its `updatedAt`), so two operators' edits never
 * silently overwrite each other, and on the code existing.
 */
export function editPromoItem(code: StoredPromoCode, terms: PromoTerms, now: string): TransactionItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now, ':read': code.updatedAt };
  const sets = ['updatedAt = :now'];
  const removes: string[] = [];
  for (const field of editableTerms) {
    names[`#${field}`] = field;
    if (terms[field] === undefined) removes.push(`#${field}`);
    else {
      sets.push(`#${field} = :${field}`);
      values[`:${field}`] = terms[field];
    }
  }
  return {
    Update: {
      TableName: tableName,
      Key: promoKey(code.code),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: 'updatedAt = :read',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** A code's own item, read consistently (the console's edits start from it). */
export async function getPromoCode(code: string): Promise<StoredPromoCode | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: promoKey(code), ConsistentRead: true }));
  return Item as StoredPromoCode | undefined;
}

/** The sale's own item, read consistently. */
export async function getSale(saleId: string): Promise<(Sale & { active: boolean }) | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: promoKey(saleCounterName(saleId)), ConsistentRead: true }));
  return Item as (Sale & { active: boolean }) | undefined;
}

/** One order's use of a code (or a sale's unit), as its line records it. */
export interface UseLine {
  orderId: string;
  userId: string;
  discount: number;
  total: number;
  at: string;
  status: UseStatus;
}

/** A code's (or a sale's) use lines, newest first: one Query of its partition's `USE#` lines, paged. */
export async function listUseLines(code: string): Promise<UseLine[]> {
  const lines = (await queryAll({ key: 'pk', value: partition(code), sortPrefix: 'USE#' })) as unknown as UseLine[];
  return lines.sort((a, b) => b.at.localeCompare(a.at) || b.orderId.localeCompare(a.orderId));
}
