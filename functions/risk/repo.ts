import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeMobile, normalizePlayerId } from '../contract/rules';
import { countPartition, db, queryAll, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import type { Block, BlockKind } from './rules';
import { type CounterLimit, type RiskSettings, type VelocityCounter, defaultRiskSettings } from './velocity';

/**
 * A blocked identity: `BLOCK#<kind>#<value>` / `#BLOCK`, a key a checkout can read in its own
 * BatchGetItem; listed in gsi2 `BLOCKS`, newest last, for the console.
 */
export const blockKey = (kind: BlockKind, value: string) => ({ pk: `BLOCK#${kind}#${value}`, sk: '#BLOCK' });

/** The item that blocks an identity, unless it is blocked already (a ConditionalCheckFailed says so). */
export function blockItem(block: Block): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem(
        'Block',
        { ...blockKey(block.kind, block.value), gsi2pk: 'BLOCKS', gsi2sk: `${block.createdAt}#${block.kind}#${block.value}` },
        block,
        block.createdAt,
      ),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The item that lifts a block, on the condition that it is there. */
export const unblockItem = (kind: BlockKind, value: string): TransactionItem => ({
  Delete: { TableName: tableName, Key: blockKey(kind, value), ConditionExpression: 'attribute_exists(pk)' },
});

/** Every blocked identity, oldest first: one Query of gsi2 `BLOCKS` (the console's list; a few hundred at most). */
export async function listBlocks(): Promise<Block[]> {
  return (await queryAll({ index: 'gsi2', key: 'gsi2pk', value: 'BLOCKS' })).map((item) => fromItem<Block>(item));
}

/** The shop's risk settings: one item, read in each checkout's own BatchGetItem. */
export const riskSettingsKey = { pk: 'RISK#SETTINGS', sk: '#SETTINGS' };

/** The settings as stored, over the defaults (none stored: the defaults). */
export const riskSettingsFromItem = (item: Record<string, unknown> | undefined): RiskSettings =>
  item ? { ...defaultRiskSettings, ...fromItem<Partial<RiskSettings>>(item) } : defaultRiskSettings;

/** The risk settings, strongly consistent (the console's page and its edits). */
export async function getRiskSettings(): Promise<{ settings: RiskSettings; version?: string }> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: riskSettingsKey, ConsistentRead: true }));
  return { settings: riskSettingsFromItem(Item), version: Item?.updatedAt as string | undefined };
}

/** Saves the settings on the condition that they are as read (`version`: their `updatedAt`, none when never saved). */
export const riskSettingsItem = (settings: RiskSettings, version: string | undefined, now: string): TransactionItem => ({
  Put: {
    TableName: tableName,
    Item: toItem('RiskSettings', riskSettingsKey, settings, now),
    ConditionExpression: version ? 'updatedAt = :version' : 'attribute_not_exists(pk)',
    ...(version ? { ExpressionAttributeValues: { ':version': version } } : {}),
  },
});

/**
 * Adds a checkout of `amount` to a velocity counter (`VELOCITY#<kind>#<value>` / `<window>#<bucket>`,
 * kept two windows by TTL), on the condition that each of `limits` still holds before it: the
 * table, not a read, decides which of parallel checkouts pass.
 */
export function velocityCounterItem(counter: VelocityCounter, limits: CounterLimit[], amount: number, now: string): TransactionItem {
  const clauses: string[] = [];
  const values: Record<string, unknown> = { ':one': 1, ':amount': amount, ':expires': counter.expiresAt, ':now': now };
  for (const [i, limit] of limits.entries()) {
    if (limit.countBelow !== undefined) {
      clauses.push(`(attribute_not_exists(#count) OR #count < :c${i})`);
      values[`:c${i}`] = limit.countBelow;
    }
    if (limit.amountAtMost !== undefined) {
      clauses.push(`(attribute_not_exists(#amount) OR #amount <= :a${i})`);
      values[`:a${i}`] = limit.amountAtMost;
    }
  }
  return {
    Update: {
      TableName: tableName,
      Key: { pk: `VELOCITY#${counter.kind}#${counter.value}`, sk: `${counter.window}#${counter.bucket}` },
      UpdateExpression: 'ADD #count :one, #amount :amount SET expiresAt = :expires, updatedAt = :now',
      ...(clauses.length > 0 ? { ConditionExpression: clauses.join(' AND ') } : {}),
      ExpressionAttributeNames: { '#count': 'checkouts', '#amount': 'amount' },
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The device-to-account link a purchase writes (`DEVICE#<id>` / `ACCOUNT#<user>`, indexed by the
 * account in gsi2 `ACCOUNTDEVICES#<user>`; no condition: written again, it is the same).
 */
export const deviceLinkItem = (deviceId: string, userId: string, now: string): TransactionItem => ({
  Put: {
    TableName: tableName,
    Item: toItem(
      'DeviceLink',
      { pk: `DEVICE#${deviceId}`, sk: `ACCOUNT#${userId}`, gsi2pk: `ACCOUNTDEVICES#${userId}`, gsi2sk: deviceId },
      { deviceId, userId },
      now,
    ),
  },
});

/** How many accounts have bought on a device: Query count of `DEVICE#<id>`. */
export const countAccountsOfDevice = (deviceId: string) =>
  countPartition({ key: 'pk', value: `DEVICE#${deviceId}`, sortPrefix: 'ACCOUNT#' });

/** The devices an account has bought on: Query gsi2 `ACCOUNTDEVICES#<user>` (a few per account). */
export const devicesOfAccount = async (userId: string): Promise<string[]> =>
  (await queryAll({ index: 'gsi2', key: 'gsi2pk', value: `ACCOUNTDEVICES#${userId}` }, ['deviceId'])).map((item) => String(item.deviceId));

/**
 * The link of a topped-up player ID to the payer's number that paid for it, written when a gateway
 * order's payment settles (`PAYERLINK#<player ID>` / `PAYER#<number>`, both in kept form; written
 * again, it is the same).
 */
export const payerLinkItem = (playerId: string, payerNumber: string, now: string): TransactionItem => {
  const player = normalizePlayerId(playerId);
  const payer = normalizeMobile(payerNumber);
  return {
    Put: {
      TableName: tableName,
      Item: toItem('PayerLink', { pk: `PAYERLINK#${player}`, sk: `PAYER#${payer}` }, { playerId: player, payer }, now),
    },
  };
};

/** How many payers' numbers have paid for a player ID's top-ups: Query count of `PAYERLINK#<player ID>`. */
export const countPayersOfPlayer = (playerId: string) =>
  countPartition({ key: 'pk', value: `PAYERLINK#${normalizePlayerId(playerId)}`, sortPrefix: 'PAYER#' });
