import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dayIndexKeys } from '../shared/days';
import { db, newestItems, putItem, tableName } from '../shared/db';
import { randomId } from '../shared/ids';
import { fromItem, position, toItem } from '../shared/items';
import { type TransactionItem, transact } from '../shared/transactions';

/** A voucher (gift card) sold as codes; `description` is the Rules HTML. */
export interface Voucher {
  id: string;
  masterCategoryId: string;
  name: string;
  image: string;
  price: number;
  description: string;
  position: number;
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
};

/** Stores a voucher and its empty stock shards (seed and admin). */
export async function putVoucher(voucher: Voucher): Promise<void> {
  const listing = keys.voucherListing(voucher);
  const everyVoucher = keys.everyVoucher(voucher.id);
  await putItem(toItem('Voucher', { ...keys.voucher(voucher.id), ...listing, ...everyVoucher }, voucher));
  await transact(
    Array.from({ length: stockShards }, (_, shard) => ({
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
  );
}

/** Adds unsold codes to a voucher's inventory, each with its shard count, in transactions of up to 90 codes. */
export async function addCodes(voucherId: string, codes: string[]): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < codes.length; start += 90) {
    const batch = codes.slice(start, start + 90).map((code) => ({ code, codeId: randomId(12), shard: Math.floor(Math.random() * stockShards) }));
    const perShard = new Map<number, number>();
    for (const { shard } of batch) perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
    const items: TransactionItem[] = batch.map(({ code, codeId, shard }) => ({
      Put: {
        TableName: tableName,
        Item: toItem('VoucherCode', keys.code(voucherId, codeId), { voucherId, codeId, code, shard }, now),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }));
    for (const [shard, added] of perShard) {
      items.push({
        Update: {
          TableName: tableName,
          Key: keys.stockShard(voucherId, shard),
          UpdateExpression: 'ADD #count :added',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':added': added },
        },
      });
    }
    await transact(items);
  }
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
      else if (item.entity === 'VoucherStock') stock.set(String(item.voucherId), (stock.get(String(item.voucherId)) ?? 0) + Number(item.count ?? 0));
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
  unitPrice: number;
  /** How many codes were bought: the length of `codes`, kept apart so reports need not read the codes. */
  qty: number;
  codes: string[];
  createdAt: string;
}

/**
 * What a sale decides on, in one strongly consistent Query of VOUCHER#id: the voucher itself
 * (`#META` sorts first), its stock shards, then up to `candidates` unsold codes.
 */
export async function saleSnapshot(voucherId: string, candidates: number): Promise<{ voucher?: Voucher; codes: CodeCandidate[] }> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `VOUCHER#${voucherId}` },
      ConsistentRead: true,
      Limit: 1 + stockShards + candidates,
    }),
  );
  const meta = Items.find((item) => item.entity === 'Voucher');
  return {
    voucher: meta && fromItem<Voucher>(meta),
    codes: Items.filter((item) => item.entity === 'VoucherCode').map((item) => ({ codeId: String(item.codeId), code: String(item.code), shard: Number(item.shard) })),
  };
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
      Item: toItem('VoucherOrder', { ...voucherOrderKey(order.userId, order.orderId), ...dayIndexKeys('CODES', order.orderId) }, order, order.createdAt),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A user's code purchases, newest first (up to 100): Query USER#id, begins_with VORDER#, descending. */
export async function listVoucherOrders(userId: string): Promise<VoucherOrder[]> {
  return (await newestItems(`USER#${userId}`, 'VORDER#')).map((item) => fromItem<VoucherOrder>(item));
}
