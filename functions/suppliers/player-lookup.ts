import { createHash } from 'node:crypto';
import { supplierCredentials } from '../shared/secrets';
import { supplierTimeoutMs } from './port';

/**
 * The nickname check before paying. None of the supplier APIs we could read in full documents
 * one, so this is a port of its own: a lookup service at PLAYER_LOOKUP_URL, signed like the
 * supplier's calls (md5 of username, key and player ID). Without it every lookup is unavailable
 * and the shop confirms without a name.
 */
const lookupUrl = process.env.PLAYER_LOOKUP_URL?.replace(/\/+$/, '');

export type PlayerLookupResult = { found: true; playerName: string; region: string } | { found: false };

/** The lookup cannot answer now (none configured, down, slow, or an answer we cannot read). */
export class LookupUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'LookupUnavailable';
  }
}

/** Who plays under `playerId` in the game the lookup knows as `gameCode`. */
export async function lookUpPlayer(gameCode: string, playerId: string): Promise<PlayerLookupResult> {
  if (!lookupUrl) throw new LookupUnavailable('no lookup configured');
  const { username, apiKey } = await supplierCredentials();
  let response: Response;
  try {
    response = await fetch(`${lookupUrl}/v1/player-lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        username,
        game: gameCode,
        player_id: playerId,
        sign: createHash('md5')
          .update(username + apiKey + playerId)
          .digest('hex'),
      }),
      signal: AbortSignal.timeout(supplierTimeoutMs),
    });
  } catch {
    throw new LookupUnavailable('the lookup could not be reached');
  }
  if (response.status === 404) return { found: false };
  const answer = (await response.json().catch(() => undefined)) as { data?: { player_name?: unknown; region?: unknown } } | undefined;
  const name = answer?.data?.player_name;
  if (response.status !== 200 || typeof name !== 'string' || !name)
    throw new LookupUnavailable(`the lookup failed (HTTP ${response.status})`);
  return {
    found: true,
    playerName: name.slice(0, 60),
    region: typeof answer?.data?.region === 'string' ? answer.data.region.slice(0, 20) : '',
  };
}
