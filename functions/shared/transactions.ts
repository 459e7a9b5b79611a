import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db';
import type { ItemKeys } from './items';

/** One item of a TransactWriteItems call, as the document client takes it. */
export type TransactionItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A cancelled transaction, with the reason code of each item in the order they were given
 * ("None", "ConditionalCheckFailed", "TransactionConflict", …), so that a service can tell which
 * of its conditions failed.
 */
export class TransactionCancelled extends Error {
  constructor(readonly reasons: string[]) {
    super(`Transaction cancelled: ${reasons.join(', ')}`);
    this.name = 'TransactionCancelled';
  }

  /** Whether the item at `index` failed its condition. */
  failedAt(index: number): boolean {
    return this.reasons[index] === 'ConditionalCheckFailed';
  }

  /** Whether another writer collided with us; the whole transaction may simply be tried again. */
  get conflicted(): boolean {
    return this.reasons.includes('TransactionConflict');
  }
}

/** Writes the items all-or-nothing; a cancellation becomes `TransactionCancelled`. */
export async function transact(items: TransactionItem[], clientRequestToken?: string): Promise<void> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: clientRequestToken }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      throw new TransactionCancelled((error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None'));
    }
    throw error;
  }
}

/**
 * An item written field by field: a new one (conditioned on not existing) or a change of one that
 * exists (conditioned on existing), keeping what the change does not name (its `children` count,
 * `createdAt`). Undefined attributes are left as they are; null ones are removed.
 */
export function upsertItem(entity: string, keys: ItemKeys, attributes: object, isNew: boolean, now: string): TransactionItem {
  const { pk, sk, ...indexKeys } = keys;
  const { createdAt = now, ...rest } = attributes as { createdAt?: string };
  const named = Object.entries({ ...rest, ...indexKeys, entity, updatedAt: now }).filter(([, value]) => value !== undefined);
  const sets = named.filter(([, value]) => value !== null);
  const removes = named.filter(([, value]) => value === null);
  return {
    Update: {
      TableName: tableName,
      Key: { pk, sk },
      UpdateExpression: `SET ${sets.map((_, i) => `#f${i} = :f${i}`).join(', ')}, createdAt = if_not_exists(createdAt, :now)${removes.length > 0 ? ` REMOVE ${removes.map((_, i) => `#r${i}`).join(', ')}` : ''}`,
      ConditionExpression: isNew ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)',
      ExpressionAttributeNames: {
        ...Object.fromEntries(sets.map(([name], i) => [`#f${i}`, name])),
        ...Object.fromEntries(removes.map(([name], i) => [`#r${i}`, name])),
      },
      ExpressionAttributeValues: { ...Object.fromEntries(sets.map(([, value], i) => [`:f${i}`, value])), ':now': createdAt },
    },
  };
}

/**
 * A change of a parent's count of children (plan groups and vouchers of a game or brand, plans
 * of a group), in the transaction that adds, moves or removes the child; the parent must exist.
 */
export function childCountItem(parent: { pk: string; sk: string }, delta: number): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: parent,
      UpdateExpression: 'ADD children :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** The deletion of an item that exists and has no children left (see `childCountItem`). */
export function deleteChildlessItem(key: { pk: string; sk: string }): TransactionItem {
  return {
    Delete: {
      TableName: tableName,
      Key: key,
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(children) OR children = :none)',
      ExpressionAttributeValues: { ':none': 0 },
    },
  };
}

/**
 * An item's copy of its flash sales replaced by `sales` (a plan's or a voucher's, so that the read
 * that prices an order knows them), on condition that the copy is still the one read: two operators
 * adding sales at once cannot drop one.
 */
export function salesCopyItem(
  key: { pk: string; sk: string },
  read: readonly unknown[] | undefined,
  sales: readonly unknown[],
): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET sales = :sales',
      ConditionExpression: read === undefined ? 'attribute_exists(pk) AND attribute_not_exists(sales)' : 'sales = :read',
      ExpressionAttributeValues: { ':sales': sales, ...(read === undefined ? {} : { ':read': read }) },
    },
  };
}
