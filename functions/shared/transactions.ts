import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './db';

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
