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

/** More of one item's update: clauses to set and remove, a condition, and the names and values they use. */
export interface UpdatePart {
  set?: string[];
  remove?: string[];
  condition?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/**
 * An Update transaction item with `part` added: one write of an item may carry two changes (a
 * refund and the claim that asked for it), since a transaction names each item once.
 */
export function withUpdatePart(item: TransactionItem, part: UpdatePart): TransactionItem {
  const update = item.Update;
  if (!update) throw new Error('withUpdatePart takes an Update item');
  const clauses = new Map<string, string[]>();
  for (const [, keyword, body] of update.UpdateExpression!.matchAll(
    /\b(SET|REMOVE|ADD|DELETE)\s+(.*?)(?=\s+\b(?:SET|REMOVE|ADD|DELETE)\s|$)/g,
  ))
    clauses.set(keyword!, [...(clauses.get(keyword!) ?? []), body!.trim()]);
  if (part.set?.length) clauses.set('SET', [...(clauses.get('SET') ?? []), ...part.set]);
  if (part.remove?.length) clauses.set('REMOVE', [...(clauses.get('REMOVE') ?? []), ...part.remove]);
  const names = { ...update.ExpressionAttributeNames, ...part.names };
  const values = { ...update.ExpressionAttributeValues, ...part.values };
  return {
    Update: {
      ...update,
      UpdateExpression: [...clauses].map(([keyword, bodies]) => `${keyword} ${bodies.join(', ')}`).join(' '),
      ...(part.condition
        ? { ConditionExpression: update.ConditionExpression ? `(${update.ConditionExpression}) AND (${part.condition})` : part.condition }
        : {}),
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
    },
  };
}
