/**
 * The one-time code of "Find my orders", kept in the guest contact's partition
 * (`USER#guest-<hash>` / `#FINDCODE`): only its HMAC, and the tries made, expiring with DynamoDB's TTL.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

export interface GuestOrdersCode {
  codeHash: string;
  keyId: string;
  /** Epoch seconds: the TTL and the end of the code's life. */
  expiresAt: number;
  /** Epoch milliseconds the code was made (the gap before another may be sent). */
  sentAt: number;
  attempts: number;
}

const codeKey = (guestId: string) => ({ pk: `USER#${guestId}`, sk: '#FINDCODE' });

/** Keeps a new code, replacing an older one only when that went out more than `gapMs` ago; false when one is too recent. */
export async function putGuestOrdersCode(guestId: string, code: GuestOrdersCode, gapMs: number, now: string): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...toItem('GuestOrdersCode', codeKey(guestId), code, now), expiresAt: code.expiresAt },
        ConditionExpression: 'attribute_not_exists(pk) OR sentAt < :gapStart',
        ExpressionAttributeValues: { ':gapStart': code.sentAt - gapMs },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Removes a code that never went out, and only that one. */
export async function deleteGuestOrdersCode(guestId: string, codeHash: string): Promise<void> {
  await db.send(
    new DeleteCommand({
      TableName: tableName,
      Key: codeKey(guestId),
      ConditionExpression: 'codeHash = :hash',
      ExpressionAttributeValues: { ':hash': codeHash },
    }),
  );
}

/**
 * Counts one try of the contact's code and answers it, in one conditional update: only a code
 * still valid with tries left is answered, so parallel guesses get at most `maxTries` comparisons.
 */
export async function tryGuestOrdersCode(guestId: string, maxTries: number, nowSeconds: number): Promise<GuestOrdersCode | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: codeKey(guestId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'expiresAt > :now AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':max': maxTries },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem<GuestOrdersCode>(Attributes!);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** Spends the code (in the transaction that hands out the links): only the one just checked. */
export const spendGuestOrdersCodeItem = (guestId: string, codeHash: string): TransactionItem => ({
  Delete: {
    TableName: tableName,
    Key: codeKey(guestId),
    ConditionExpression: 'codeHash = :hash',
    ExpressionAttributeValues: { ':hash': codeHash },
  },
});
