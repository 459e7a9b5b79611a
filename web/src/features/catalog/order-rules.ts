/** Whether the wallet pays for the price, both compared as whole taka (spec §5). */
export const walletCovers = (price: number, balance: number) => Math.trunc(Number(price)) <= Math.trunc(Number(balance));

/**
 * What the confirm step says of the player behind an ID: the name once found, a warning when the
 * game has no such player (404), and nothing at all for any other failure (no lookup for the game,
 * the provider down, too many lookups): a lookup never blocks a sale.
 */
export type PlayerCheck =
  | { kind: 'checking' }
  | { kind: 'found'; name: string; region: string }
  | { kind: 'missing' }
  | { kind: 'unchecked' };

/** The check from a lookup's read: its answer, or the HTTP status it failed with. */
export function playerCheckOf(read: { answer?: { player_name: string; region: string }; failedWith?: number }): PlayerCheck {
  if (read.answer) return { kind: 'found', name: read.answer.player_name, region: read.answer.region };
  if (read.failedWith === undefined) return { kind: 'checking' };
  return read.failedWith === 404 ? { kind: 'missing' } : { kind: 'unchecked' };
}
