/** The nickname lookup cache: a check's answer per game and player ID, and the shopper's own copy for their order. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { toItem } from '../shared/items';
import { keys } from './keys';

/** A nickname check's answer, kept a short time per game and player ID (a cache, and what an order records). */
export interface PlayerLookupEntry {
  found: boolean;
  playerName: string;
  region: string;
}

/** A found player as the shopper who checked it saw it, for the order that follows (whose plan names the game). */
export interface ShopperLookup extends PlayerLookupEntry {
  masterCategoryId: string;
}

/** The cache key of a nickname check. */
export const playerLookupKey = keys.lookup;

/** The key of the shopper's own copy of their last check of a player ID, for the batch read of an order. */
export const shopperLookupKey = keys.shopperLookup;

/** Reads a kept nickname check that has not expired. */
export function playerLookupFromItem(item: Record<string, unknown> | undefined, now = Date.now()): ShopperLookup | undefined {
  if (!item || Number(item.expiresAt) * 1000 <= now) return undefined;
  return {
    found: Boolean(item.found),
    playerName: String(item.playerName ?? ''),
    region: String(item.region ?? ''),
    masterCategoryId: String(item.masterCategoryId ?? ''),
  };
}

const lookupItem = (keysOf: { pk: string; sk: string }, entry: ShopperLookup, seconds: number) => {
  const now = new Date();
  return toItem('PlayerLookup', keysOf, { ...entry, expiresAt: Math.floor(now.getTime() / 1000) + seconds }, now.toISOString());
};

/** Keeps a nickname check for `seconds` (reads ignore it once expired; TTL removes it): PutItem LOOKUP#<game>#<id>. */
export async function putPlayerLookup(entry: ShopperLookup, playerId: string, seconds: number): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: lookupItem(keys.lookup(entry.masterCategoryId, playerId), entry, seconds) }));
}

/** Keeps the shopper's own copy of a found player, for their order: PutItem USER#id / PLAYERNAME#<player id>. */
export async function putShopperLookup(userId: string, playerId: string, entry: ShopperLookup, seconds: number): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: lookupItem(keys.shopperLookup(userId, playerId), entry, seconds) }));
}
