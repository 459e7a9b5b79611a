/**
 * Moving a guest's finished order into an account: its items in the guest's partition (the order,
 * its gateway payment, its closed claims, its second payments) rewritten under the account, each
 * put on the condition it is new and deleted on the condition it is as it was read.
 */
import { queryAll, tableName } from '../shared/db';
import type { TransactionItem } from '../shared/transactions';

type Item = Record<string, unknown>;

/** Every item of a guest contact's partition (a handful of orders: its checkouts are capped). */
export const guestPartitionItems = (guestId: string) => queryAll({ key: 'pk', value: `USER#${guestId}` });

/** The order id an item of an order belongs to (`ORDER#`, `PORDER#`, `CLAIM#<order>#…`, `EXTRAPAY#<order>#…`), or undefined. */
export function orderIdOfItem(item: Item): string | undefined {
  const match = /^(?:ORDER|PORDER|CLAIM|EXTRAPAY)#([^#]+)/.exec(String(item.sk));
  return match?.[1];
}

/** A value with every string's `from` replaced by `to` (the guest's id in keys, `userId` and index keys). */
function rehomed(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((entry) => rehomed(entry, from, to));
  if (value && typeof value === 'object' && !(value instanceof Uint8Array))
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, rehomed(entry, from, to)]));
  return value;
}

/** An item as the account keeps it: under its id, without the guest's contact or the link's secret (the account's rules apply from now). */
function accountCopy(item: Item, guestId: string, userId: string, now: string): Item {
  const copy = rehomed(item, guestId, userId) as Item;
  delete copy.guest;
  delete copy.linkToken;
  if (copy.order && typeof copy.order === 'object') delete (copy.order as Item).guest;
  return String(item.sk).startsWith('ORDER#') ? { ...copy, claimedFrom: { guestId, at: now }, updatedAt: now } : copy;
}

/**
 * The writes that move one order's items from `guestId` to `userId`, the order marked
 * `claimedFrom`. The order is deleted from the guest's partition only while unchanged
 * (`updatedAt`) and without an open claim, so a claim, a refund or a parallel move wins or loses whole.
 */
export function moveOrderItems(items: Item[], guestId: string, userId: string, now: string): TransactionItem[] {
  return items.flatMap((item): TransactionItem[] => [
    { Put: { TableName: tableName, Item: accountCopy(item, guestId, userId, now), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Delete: {
        TableName: tableName,
        Key: { pk: item.pk, sk: item.sk },
        ...(String(item.sk).startsWith('ORDER#')
          ? {
              ConditionExpression: 'updatedAt = :seen AND attribute_not_exists(openClaimId)',
              ExpressionAttributeValues: { ':seen': item.updatedAt },
            }
          : { ConditionExpression: 'attribute_exists(pk)' }),
      },
    },
  ]);
}
