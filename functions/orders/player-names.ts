/**
 * The nickname check before paying: the player behind an ID of a game, rate-limited and cached.
 */
import { masterCategoryFromItem, masterCategoryKey } from '../catalog/repo';
import { batchGet } from '../shared/db';
import { NotFound, ServiceUnavailable } from '../shared/errors';
import { logger } from '../shared/logger';
import { type RateLimit, takeAttempt, tryAgainIn } from '../shared/rate-limit';
import { LookupUnavailable, lookUpPlayer } from '../suppliers/player-lookup';
import { type PlayerLookupEntry, playerLookupFromItem, playerLookupKey, putPlayerLookup, putShopperLookup } from './lookup-repo';

/** Nickname checks one user may make in ten minutes, and one address (the check is an enumeration oracle). */
const lookupsPerUser: RateLimit = { name: 'lookup-user', max: 30, windowSeconds: 600, message: tryAgainIn('Too many player checks.') };
const lookupsPerAddress: RateLimit = {
  name: 'lookup-address',
  max: 120,
  windowSeconds: 600,
  message: tryAgainIn('Too many player checks from this network.'),
};

/** A guest's checks (no account to count them by), fewer per address than the shop's shoppers behind it together. */
const guestLookupsPerAddress: RateLimit = {
  name: 'lookup-guest',
  max: 30,
  windowSeconds: 600,
  message: tryAgainIn('Too many player checks.'),
};

/** How long a nickname check is kept: a found player for ten minutes, a missing one for two (a typo fixed a moment later). */
const lookupSeconds = { found: 600, missing: 120 };

/**
 * The player behind an ID of a game, before paying: from the short-lived cache, else from the
 * game's lookup (which is then cached). A found player is also kept in the owner's partition (an
 * account's or a guest's; a guest before checkout has none, and is limited per address),
 * where their order's one batch read finds it and records the name. 404 when there is no such
 * player; 503 when the game has no lookup or it cannot answer (the shop confirms without a name).
 */
export async function lookUpPlayerName(
  ownerId: string | undefined,
  clientIp: string,
  masterCategoryId: string,
  playerId: string,
): Promise<PlayerLookupEntry> {
  const [[cachedItem, gameItem]] = await Promise.all([
    batchGet([playerLookupKey(masterCategoryId, playerId), masterCategoryKey(masterCategoryId)]),
    ownerId ? takeAttempt(lookupsPerUser, ownerId) : takeAttempt(guestLookupsPerAddress, clientIp),
    takeAttempt(lookupsPerAddress, clientIp),
  ]);
  if (!gameItem) throw new NotFound('Game not found');
  const game = masterCategoryFromItem(gameItem);
  let entry = playerLookupFromItem(cachedItem);
  if (!entry) {
    if (!game.lookupCode) throw new ServiceUnavailable('There is no player check for this game');
    try {
      const result = await lookUpPlayer(game.lookupCode, playerId);
      entry = result.found
        ? { found: true, playerName: result.playerName, region: result.region, masterCategoryId }
        : { found: false, playerName: '', region: '', masterCategoryId };
    } catch (error) {
      if (!(error instanceof LookupUnavailable)) throw error;
      logger.warn('player lookup unavailable', { masterCategoryId, reason: error.message });
      throw new ServiceUnavailable('The player check is not available right now');
    }
    await putPlayerLookup(entry, playerId, entry.found ? lookupSeconds.found : lookupSeconds.missing);
  }
  if (!entry.found) throw new NotFound('Player not found');
  if (ownerId) await putShopperLookup(ownerId, playerId, entry, lookupSeconds.found);
  return entry;
}
