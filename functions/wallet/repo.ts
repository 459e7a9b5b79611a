import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import type { BalanceChange, LedgerReason, Wallet } from './money';

/** One line of a user's ledger; the deltas of all lines sum to the balance. */
export interface LedgerEntry {
  userId: string;
  seq: number;
  delta: number;
  balanceAfter: number;
  reason: LedgerReason;
  reference: string;
  createdAt: string;
}

const keys = {
  wallet: (userId: string) => ({ pk: `USER#${userId}`, sk: '#WALLET' }),
  ledgerEntry: (userId: string, seq: number) => ({ pk: `USER#${userId}`, sk: `LEDGER#${String(seq).padStart(10, '0')}` }),
};

/** A new user's empty wallet (part of the registration transaction). */
export function openWalletItem(userId: string): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem('Wallet', keys.wallet(userId), { userId, balance: 0, version: 0 }),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The wallet's key, for batch reads. */
export const walletKey = keys.wallet;

/** Reads a wallet item into a `Wallet`; a missing one is empty. */
export function walletFromItem(item: Record<string, unknown> | undefined): Wallet {
  return { balance: Number(item?.balance ?? 0), version: Number(item?.version ?? 0) };
}

/** A user's wallet, read strongly consistent: GetItem USER#id / #WALLET. */
export async function getWallet(userId: string): Promise<Wallet> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.wallet(userId), ConsistentRead: true }));
  return walletFromItem(Item);
}

/**
 * The two items that move a balance: the wallet update, conditioned on the version that was read
 * (so a concurrent change cancels the transaction instead of being overwritten), and the ledger
 * entry numbered by the new version.
 */
export function balanceChangeItems(userId: string, change: BalanceChange, now: string): TransactionItem[] {
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.wallet(userId),
        UpdateExpression: 'SET balance = :balance, version = :next, updatedAt = :now',
        ConditionExpression: 'version = :version AND balance = :before',
        ExpressionAttributeValues: {
          ':balance': change.after.balance,
          ':next': change.after.version,
          ':version': change.before.version,
          ':before': change.before.balance,
          ':now': now,
        },
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: toItem(
          'LedgerEntry',
          keys.ledgerEntry(userId, change.after.version),
          {
            userId,
            seq: change.after.version,
            delta: change.delta,
            balanceAfter: change.after.balance,
            reason: change.reason,
            reference: change.reference,
          },
          now,
        ),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** A user's whole ledger, oldest first: Query USER#id, sk begins_with LEDGER#. */
export async function listLedger(userId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'LEDGER#' },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    entries.push(...(page.Items ?? []).map((item) => fromItem<LedgerEntry>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return entries;
}
