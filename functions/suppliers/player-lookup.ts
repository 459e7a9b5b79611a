import { createHmac } from 'node:crypto';
import { playerLookupKey } from '../shared/secrets';
import { supplierTimeoutMs } from './port';

/**
 * The nickname check before paying. None of the supplier APIs we could read in full documents
 * one, so this is a port of its own to a lookup service at PLAYER_LOOKUP_URL, with a credential of
 * its own: each request is signed `x-lookup-signature: sha256=<HMAC-SHA256 of "<timestamp>.<body>">`
 * under the lookup's key, beside `x-lookup-timestamp` (Unix seconds; the service refuses one more
 * than five minutes off). No supplier credential, nor anything made from one, is sent: a request
 * seen by the lookup's operator cannot buy a top-up. Without a URL or a key every lookup is
 * unavailable and the shop confirms without a name.
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

/** The headers that sign a lookup request's body at `timestamp` (Unix seconds) with `key`. */
export function lookupSignature(key: string, timestamp: number, body: string): Record<string, string> {
  const signature = createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
  return { 'x-lookup-timestamp': String(timestamp), 'x-lookup-signature': `sha256=${signature}` };
}

/** Who plays under `playerId` in the game the lookup knows as `gameCode`. */
export async function lookUpPlayer(gameCode: string, playerId: string): Promise<PlayerLookupResult> {
  if (!lookupUrl) throw new LookupUnavailable('no lookup configured');
  const key = await playerLookupKey();
  if (!key) throw new LookupUnavailable('the lookup key is not set');
  const body = JSON.stringify({ game: gameCode, player_id: playerId });
  let response: Response;
  try {
    response = await fetch(`${lookupUrl}/v1/player-lookup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...lookupSignature(key, Math.floor(Date.now() / 1000), body),
      },
      body,
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
