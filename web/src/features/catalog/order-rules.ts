import type { PlanRow } from '@contract/wire';
import { ApiError } from '../../lib/api';

/**
 * A pack's price now: its sale price while its sale runs (to the second before `sale_ends_at`) and
 * has units left, else its list price. The server prices the order the same way and says so (409) if
 * they differ.
 */
export function priceNow(plan: Pick<PlanRow, 'price' | 'sale_price' | 'sale_ends_at' | 'sale_left'>, now = Date.now()): number {
  const running = plan.sale_price !== undefined && plan.sale_ends_at !== undefined && Date.parse(plan.sale_ends_at) > now;
  return running && plan.sale_left !== 0 ? plan.sale_price! : plan.price;
}

/** The total the server priced an order at when it refused another (409 "Price changed", `data.total`); undefined for any other failure. */
export function repricedTotal(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const total = (error.body?.data as { total?: unknown } | undefined)?.total;
  return typeof total === 'number' ? total : undefined;
}

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
