import type { playerLookupBody } from '@contract/orders';
import type { PlayerLookup } from '@contract/wire';
import useSWR from 'swr';
import type * as v from 'valibot';
import { ApiError } from '../../../lib/api';
import { type PlayerCheck, playerCheckOf } from '../order-rules';

/** The request as the endpoint's schema takes it (functions/contract/orders.ts). */
export type PlayerLookupRequest = v.InferInput<typeof playerLookupBody>;

/**
 * POST /user/player_lookup: the in-game name behind a player ID, for the confirm step; no lookup
 * while `request` is null. A failure is no toast: the step says what it means (`playerCheckOf`).
 */
export function usePlayerCheck(request: PlayerLookupRequest | null): PlayerCheck {
  const { data, error } = useSWR<PlayerLookup>(request && ['/user/player_lookup', request], { onError: () => undefined });
  return playerCheckOf({ answer: data, failedWith: error === undefined ? undefined : error instanceof ApiError ? error.status : 0 });
}
