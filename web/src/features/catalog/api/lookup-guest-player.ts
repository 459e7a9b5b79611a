import type { playerLookupBody } from '@contract/orders';
import type { PlayerLookup } from '@contract/wire';
import useSWR from 'swr';
import type * as v from 'valibot';
import { ApiError } from '../../../lib/api';
import { type PlayerCheck, playerCheckOf } from '../order-rules';

/** The request as the endpoint's schema takes it (functions/contract/orders.ts). */
type GuestPlayerLookupRequest = v.InferInput<typeof playerLookupBody>;

/**
 * POST /guest/player_lookup: the in-game name behind a player ID for a guest's confirm step (limited
 * per address); no lookup while `request` is null. As `usePlayerCheck`, a failure is no toast.
 */
export function useGuestPlayerCheck(request: GuestPlayerLookupRequest | null): PlayerCheck {
  const { data, error } = useSWR<PlayerLookup>(request && ['/guest/player_lookup', request], { onError: () => undefined });
  return playerCheckOf({ answer: data, failedWith: error === undefined ? undefined : error instanceof ApiError ? error.status : 0 });
}
