/** The remembered player IDs: a user's player IDs per game, written with the order that used them. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { countPartition, db, tableName } from '../shared/db';
import { toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import { keys } from './keys';
import type { PlanOrder } from './types';

/**
 * The player ID of a top-up by player ID, remembered per game with the order that used it (the
 * user's own item, so no one else ever sees it; indexed by player ID for the fraud rules' linkage
 * counts); a game-account order remembers nothing.
 */
export function rememberedPlayerIdItems(
  order: Pick<PlanOrder, 'userId' | 'masterCategoryId' | 'accountId' | 'accountType' | 'paidAt'>,
): TransactionItem[] {
  if (order.accountType) return [];
  const item = toItem(
    'PlayerId',
    {
      ...keys.playerId(order.userId, order.masterCategoryId, order.accountId),
      gsi2pk: keys.playerFeed(order.accountId),
      gsi2sk: `${order.userId}#${order.masterCategoryId}`,
    },
    { masterCategoryId: order.masterCategoryId, playerId: order.accountId, lastUsed: order.paidAt },
    order.paidAt,
  );
  return [{ Put: { TableName: tableName, Item: item } }];
}

/** A user's player IDs of one game, the most recently used first: Query USER#id, begins_with PLAYERID#<game>#. */
export async function listPlayerIds(
  userId: string,
  masterCategoryId: string,
  limit = 10,
): Promise<{ playerId: string; lastUsed: string }[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': `PLAYERID#${masterCategoryId}#` },
    }),
  );
  return Items.map((item) => ({ playerId: String(item.playerId), lastUsed: String(item.lastUsed) }))
    .sort((a, b) => b.lastUsed.localeCompare(a.lastUsed))
    .slice(0, limit);
}

/**
 * The linkage counts of an order's account and player ID (risk/linkage.ts): how many player IDs
 * the account remembers, and how many accounts remember the player ID (gsi2 `PLAYERFEED#`, one
 * per game each). Query counts only.
 */
export async function playerLinkCounts(userId: string, playerId?: string) {
  const [playerIdsOfAccount, accountsOfPlayerId] = await Promise.all([
    countPartition({ key: 'pk', value: `USER#${userId}`, sortPrefix: 'PLAYERID#' }),
    playerId ? countPartition({ index: 'gsi2', key: 'gsi2pk', value: keys.playerFeed(playerId) }) : undefined,
  ]);
  return { playerIdsOfAccount, accountsOfPlayerId };
}
