import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Page, PageRequest } from '../shared/cursor';
import { dayIndexKeys } from '../shared/days';
import { batchGet, db, newestItems, queryPage, tableName } from '../shared/db';
import { fromItem, position, toItem } from '../shared/items';
import type { ScheduledSale } from '../shared/scheduled-sale';
import { type TransactionItem, salesCopyItem } from '../shared/transactions';

/** A voucher (gift card) sold as codes; `description` is the Rules HTML. */
export interface Voucher {
  id: string;
  masterCategoryId: string;
  name: string;
  image: string;
  price: number;
  description: string;
  position: number;
  /** Its flash sales not ended (promotions/sale-rules.ts), so that the read that prices a purchase knows them. */
  sales?: ScheduledSale[];
}

/** A voucher with the number of its codes still unsold. */
export interface VoucherWithStock extends Voucher {
  stock: number;
}

/**
 * Stock is counted in this many shard items per voucher. Each code belongs to one shard and a
 * sale decrements that shard in the same transaction that deletes the code, so the sum of the
 * shards is exactly the number of unsold codes, and no single counter item takes every sale.
 */
export const stockShards = 8;

const keys = {
  voucher: (id: string) => ({ pk: `VOUCHER#${id}`, sk: '#META' }),
  voucherListing: (v: Pick<Voucher, 'id' | 'masterCategoryId' | 'position'>) => ({
    gsi1pk: `MCAT#${v.masterCategoryId}`,
    gsi1sk: `VOUCHER#${position(v.position)}#${v.id}`,
  }),
  /** Every voucher and its stock shards, across brands (the dashboard's low-stock list). */
  everyVoucher: (voucherId: string) => ({ gsi2pk: 'VOUCHERS', gsi2sk: voucherId }),
  stockShard: (voucherId: string, shard: number) => ({ pk: `VOUCHER#${voucherId}`, sk: `#STOCK#${shard}` }),
  code: (voucherId: string, codeId: string) => ({ pk: `VOUCHER#${voucherId}`, sk: `CODE#${codeId}` }),
  codeClaim: (hash: string) => ({ pk: `CODEHASH#${hash}`, sk: '#CLAIM' }),
  quarantined: (voucherId: string, hash: string) => ({ pk: `VOUCHER#${voucherId}`, sk: `QUARANTINE#${hash}` }),
};

/**
 * The items that store a voucher, new or changed: its meta item (a new one conditioned on not
 * existing) and its eight stock shards, whose listing keys follow the voucher's brand and position
 * while their counts are kept (or start at zero).
 */
export function voucherItems(voucher: Voucher, isNew: boolean, now: string): TransactionItem[] {
  const listing = keys.voucherListing(voucher);
  const everyVoucher = keys.everyVoucher(voucher.id);
  return [
    {
      Put: {
        TableName: tableName,
        Item: toItem('Voucher', { ...keys.voucher(voucher.id), ...listing, ...everyVoucher }, voucher, now),
        // A change keeps the sales copy it read (`voucher.sales`): a sale added meanwhile is not dropped.
        ...(isNew
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : voucher.sales === undefined
            ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(sales)' }
            : { ConditionExpression: 'sales = :sales', ExpressionAttributeValues: { ':sales': voucher.sales } }),
      },
    },
    ...Array.from({ length: stockShards }, (_, shard) => ({
      Update: {
        TableName: tableName,
        Key: keys.stockShard(voucher.id, shard),
        UpdateExpression:
          'SET entity = :entity, voucherId = :voucherId, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, #count = if_not_exists(#count, :zero)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':entity': 'VoucherStock',
          ':voucherId': voucher.id,
          ':gsi1pk': listing.gsi1pk,
          ':gsi1sk': `${listing.gsi1sk}#STOCK#${shard}`,
          ':gsi2pk': everyVoucher.gsi2pk,
          ':gsi2sk': `${everyVoucher.gsi2sk}#STOCK#${shard}`,
          ':zero': 0,
        },
      },
    })),
  ];
}

/**
 * The items that delete a voucher: its meta item and its shards, each shard on the condition that
 * it counts no unsold code (a voucher with codes left cannot go). Order: meta, shards 0–7.
 */
export function deleteVoucherItems(voucherId: string): TransactionItem[] {
  return [
    { Delete: { TableName: tableName, Key: keys.voucher(voucherId), ConditionExpression: 'attribute_exists(pk)' } },
    ...Array.from({ length: stockShards }, (_, shard) => ({
      Delete: {
        TableName: tableName,
        Key: keys.stockShard(voucherId, shard),
        ConditionExpression: 'attribute_not_exists(pk) OR #count = :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':zero': 0 },
      },
    })),
  ];
}

/** A voucher: GetItem VOUCHER#id / #META, strongly consistent. */
export async function getVoucher(voucherId: string): Promise<Voucher | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.voucher(voucherId), ConsistentRead: true }));
  return Item && fromItem<Voucher>(Item);
}

/** A voucher's sales replaced by `sales`, on condition that they are still the ones read. */
export const voucherSalesItem = (voucherId: string, read: readonly ScheduledSale[] | undefined, sales: readonly ScheduledSale[]) =>
  salesCopyItem(keys.voucher(voucherId), read, sales);

/** A voucher's stock shard keys, to read with other items in one BatchGetItem. */
export const stockShardKeys = (voucherId: string) => Array.from({ length: stockShards }, (_, shard) => keys.stockShard(voucherId, shard));

/** The unsold codes the shards read with `stockShardKeys` count. */
export const stockFromShards = (shards: (Record<string, unknown> | undefined)[]) =>
  shards.reduce((sum, item) => sum + Number(item?.count ?? 0), 0);

/** A voucher's unsold codes, counted by its shards: Query VOUCHER#id, begins_with #STOCK#, strongly consistent. */
export async function stockOf(voucherId: string): Promise<number> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `VOUCHER#${voucherId}`, ':prefix': '#STOCK#' },
      ConsistentRead: true,
    }),
  );
  return Items.reduce((sum, item) => sum + Number(item.count ?? 0), 0);
}

/** A code to add: the code, the hash its claim is keyed by, its id and its stock shard. */
export interface CodeToAdd {
  code: string;
  hash: string;
  codeId: string;
  shard: number;
}

/**
 * The items that add codes to a voucher's inventory: for each code, its claim (keyed by the
 * code's hash, conditioned on not existing: a code is in the inventory once, ever) then the code
 * itself; then each shard's count goes up by the codes it gained. Codes and their stock therefore
 * come together or not at all. A cancellation reason at index 2i names codes[i]'s claim.
 */
export function addCodeItems(voucherId: string, codes: CodeToAdd[], now: string): TransactionItem[] {
  const perShard = new Map<number, number>();
  for (const { shard } of codes) perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
  return [
    ...codes.flatMap(({ code, hash, codeId, shard }) => [
      {
        Put: {
          TableName: tableName,
          Item: toItem('CodeClaim', keys.codeClaim(hash), { voucherId, codeId }, now),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: toItem('VoucherCode', keys.code(voucherId, codeId), { voucherId, codeId, code, shard }, now),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]),
    ...[...perShard].map(([shard, added]) => ({
      Update: {
        TableName: tableName,
        Key: keys.stockShard(voucherId, shard),
        UpdateExpression: 'ADD #count :added',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':added': added },
      },
    })),
  ];
}

/** Which of these code hashes already have a claim (sold, unsold anywhere, or voided): BatchGetItem, 100 a call. */
export async function claimedHashes(hashes: string[]): Promise<Set<string>> {
  const chunks = Array.from({ length: Math.ceil(hashes.length / 100) }, (_, i) => hashes.slice(i * 100, i * 100 + 100));
  const found = await Promise.all(chunks.map((chunk) => batchGet(chunk.map(keys.codeClaim))));
  return new Set(chunks.flatMap((chunk, c) => chunk.filter((_, i) => found[c]![i] !== undefined)));
}

/** An unsold code as the inventory holds it. */
export interface StoredCode {
  voucherId: string;
  codeId: string;
  code: string;
  shard: number;
  createdAt: string;
}

/** A page of a voucher's unsold codes, oldest id first: Query VOUCHER#id, begins_with CODE#. */
export async function listCodes(voucherId: string, request: PageRequest): Promise<Page<StoredCode>> {
  const page = await queryPage({ key: 'pk', value: `VOUCHER#${voucherId}`, sortPrefix: 'CODE#' }, { ascending: true, ...request });
  return { ...page, items: page.items.map((item) => fromItem<StoredCode>(item)) };
}

/** One unsold code: GetItem VOUCHER#id / CODE#codeId, strongly consistent. */
export async function getCode(voucherId: string, codeId: string): Promise<StoredCode | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.code(voucherId, codeId), ConsistentRead: true }));
  return Item && fromItem<StoredCode>(Item);
}

/**
 * The items that void an unsold code: the code goes (on the condition it is still there), its shard
 * counts one less, and its claim stays, marked voided, so the code cannot come back.
 */
export function voidCodeItems(code: StoredCode, hash: string, now: string): TransactionItem[] {
  return [
    { Delete: { TableName: tableName, Key: keys.code(code.voucherId, code.codeId), ConditionExpression: 'attribute_exists(pk)' } },
    {
      Update: {
        TableName: tableName,
        Key: keys.stockShard(code.voucherId, code.shard),
        UpdateExpression: 'ADD #count :minus',
        ConditionExpression: '#count >= :one',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.codeClaim(hash),
        UpdateExpression: 'SET voidedAt = :now, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now },
      },
    },
  ];
}

/** A sold code a shopper reported invalid, as the inventory lists it: masked, with the order it was sold with. */
export interface QuarantinedCode {
  voucherId: string;
  maskedCode: string;
  orderId: string;
  createdAt: string;
}

/**
 * The items that quarantine a sold code a shopper reported invalid, once: its line in the
 * voucher's inventory (conditioned on none, so two reports set it aside once), and its claim
 * marked, which already keeps it from ever being added, and so sold, again.
 */
export function quarantineCodeItems(
  voucherId: string,
  hash: string,
  line: Omit<QuarantinedCode, 'voucherId' | 'createdAt'>,
  now: string,
): TransactionItem[] {
  return [
    {
      Put: {
        TableName: tableName,
        Item: toItem('QuarantinedCode', keys.quarantined(voucherId, hash), { voucherId, ...line }, now),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.codeClaim(hash),
        UpdateExpression: 'SET quarantinedAt = :now, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now },
      },
    },
  ];
}

/** A page of a voucher's quarantined codes: Query VOUCHER#id, begins_with QUARANTINE#. */
export async function listQuarantined(voucherId: string, request: PageRequest): Promise<Page<QuarantinedCode>> {
  const page = await queryPage({ key: 'pk', value: `VOUCHER#${voucherId}`, sortPrefix: 'QUARANTINE#' }, { ascending: true, ...request });
  return { ...page, items: page.items.map((item) => fromItem<QuarantinedCode>(item)) };
}

/** Vouchers with their stock (the sum of their shards) from one listing Query that returns both, in key order. */
async function vouchersWithStock(query: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<VoucherWithStock[]> {
  const vouchers = new Map<string, VoucherWithStock>();
  const stock = new Map<string, number>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...query, TableName: tableName, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) {
      if (item.entity === 'Voucher') vouchers.set(String(item.id), { ...fromItem<Voucher>(item), stock: 0 });
      else if (item.entity === 'VoucherStock')
        stock.set(String(item.voucherId), (stock.get(String(item.voucherId)) ?? 0) + Number(item.count ?? 0));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return [...vouchers.values()].map((voucher) => ({ ...voucher, stock: stock.get(voucher.id) ?? 0 }));
}

/** A brand's vouchers in order, each with its stock: one Query of gsi1 MCAT#id, begins_with VOUCHER#. */
export function listVouchers(masterCategoryId: string): Promise<VoucherWithStock[]> {
  return vouchersWithStock({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `MCAT#${masterCategoryId}`, ':prefix': 'VOUCHER#' },
  });
}

/**
 * A voucher as its listing in gsi2 (`VOUCHERS` / `<id>`) holds it: one Query, for the public quote,
 * which may not read the voucher's own partition (its unsold codes live there).
 */
export async function voucherListing(voucherId: string): Promise<Voucher | undefined> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk = :id',
      ExpressionAttributeValues: { ':pk': 'VOUCHERS', ':id': voucherId },
    }),
  );
  const item = page.Items?.[0];
  return item && voucherFromItem(item);
}

/** Every voucher of every brand with its stock: one Query of gsi2 VOUCHERS. */
export function listAllVouchers(): Promise<VoucherWithStock[]> {
  return vouchersWithStock({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': 'VOUCHERS' } });
}

/** An unsold code that a sale may claim. */
export interface CodeCandidate {
  codeId: string;
  code: string;
  shard: number;
}

/** A purchase of voucher codes; `codes` go to the buyer only. */
export interface VoucherOrder {
  orderId: string;
  userId: string;
  voucherId: string;
  voucherName: string;
  /** What one code cost: the list price, or a flash sale's (then `saleId` and the list price, `listUnitPrice`). */
  unitPrice: number;
  saleId?: string;
  listUnitPrice?: number;
  /** A promo code's use: the code and what it took off `unitPrice × qty`. */
  coupanCode?: string;
  discount?: number;
  /** How many codes were bought: the length of `codes`, kept apart so reports need not read the codes. */
  qty: number;
  codes: string[];
  createdAt: string;
}

/** A voucher's key, for the batch read of a sale. */
export const voucherKey = keys.voucher;

/** Reads a voucher item. */
export const voucherFromItem = (item: Record<string, unknown>) => fromItem<Voucher>(item);

const candidateFromItem = (item: Record<string, unknown>): CodeCandidate => ({
  codeId: String(item.codeId),
  code: String(item.code),
  shard: Number(item.shard),
});

/**
 * Up to `count` unsold codes of a voucher, read from a random point of its code range (code ids
 * are random, so the point falls anywhere) and wrapping round to the start: racing buyers read
 * different codes instead of all choosing among the first few. One strongly consistent Query of
 * VOUCHER#id from CODE#<start>, and a second from the range's start only when the first ran short.
 */
export async function codeCandidates(voucherId: string, count: number, start: string): Promise<CodeCandidate[]> {
  const query = (condition: string, values: Record<string, string>, limit: number) =>
    db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: `pk = :pk AND ${condition}`,
        ExpressionAttributeValues: { ':pk': `VOUCHER#${voucherId}`, ...values },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
  const from = `CODE#${start}`;
  const { Items: after = [] } = await query('sk BETWEEN :from AND :end', { ':from': from, ':end': 'CODE#~' }, count);
  if (after.length >= count) return after.map(candidateFromItem);
  const { Items: before = [] } = await query('sk BETWEEN :first AND :from', { ':first': 'CODE#', ':from': from }, count - after.length);
  return [...after, ...before.filter((item) => item.sk !== from)].map(candidateFromItem);
}

/**
 * The items that sell codes: each code is deleted on the condition that it still exists (so no
 * code is ever sold twice), and each shard it came from is decremented. Codes come first, in
 * the order given, so a cancellation reason at index i names codes[i].
 */
export function claimCodeItems(voucherId: string, codes: CodeCandidate[]): TransactionItem[] {
  const perShard = new Map<number, number>();
  for (const { shard } of codes) perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
  return [
    ...codes.map(({ codeId }) => ({
      Delete: { TableName: tableName, Key: keys.code(voucherId, codeId), ConditionExpression: 'attribute_exists(pk)' },
    })),
    ...[...perShard].map(([shard, sold]) => ({
      Update: {
        TableName: tableName,
        Key: keys.stockShard(voucherId, shard),
        UpdateExpression: 'ADD #count :minus',
        ConditionExpression: '#count >= :sold',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -sold, ':sold': sold },
      },
    })),
  ];
}

/**
 * The items that put reserved codes back into the inventory (a guest's checkout cancelled): each
 * code again under its own id and shard (conditioned on not being there), each shard counting
 * them again. Written in the transaction that cancels the reservation, conditioned on its state,
 * so the codes come back once.
 */
export function returnCodeItems(voucherId: string, codes: CodeCandidate[], now: string): TransactionItem[] {
  const perShard = new Map<number, number>();
  for (const { shard } of codes) perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
  return [
    ...codes.map(({ codeId, code, shard }) => ({
      Put: {
        TableName: tableName,
        Item: toItem('VoucherCode', keys.code(voucherId, codeId), { voucherId, codeId, code, shard }, now),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
    ...[...perShard].map(([shard, returned]) => ({
      Update: {
        TableName: tableName,
        Key: keys.stockShard(voucherId, shard),
        UpdateExpression: 'ADD #count :returned',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':returned': returned },
      },
    })),
  ];
}

/** A condition that the voucher still sells at the unit price the sale was priced at. */
export function voucherPriceCheckItem(voucher: Pick<Voucher, 'id' | 'price'>): TransactionItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.voucher(voucher.id),
      ConditionExpression: 'price = :price',
      ExpressionAttributeValues: { ':price': voucher.price },
    },
  };
}

const voucherOrderKey = (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `VORDER#${orderId}` });

/** The record of a sale in the buyer's partition and the day index, conditioned on its id being new. */
export function newVoucherOrderItem(order: VoucherOrder): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem(
        'VoucherOrder',
        { ...voucherOrderKey(order.userId, order.orderId), ...dayIndexKeys('CODES', order.orderId) },
        order,
        order.createdAt,
      ),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A code purchase, strongly consistent: GetItem USER#userId / VORDER#orderId. */
export async function getVoucherOrder(userId: string, orderId: string): Promise<VoucherOrder | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: voucherOrderKey(userId, orderId), ConsistentRead: true }));
  return Item && fromItem<VoucherOrder>(Item);
}

/** A user's code purchases, newest first (up to `limit`): Query USER#id, begins_with VORDER#, descending. */
export async function listVoucherOrders(userId: string, limit = 100): Promise<VoucherOrder[]> {
  return (await newestItems(`USER#${userId}`, 'VORDER#', limit)).map((item) => fromItem<VoucherOrder>(item));
}
