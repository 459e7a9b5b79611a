import type { RecentPlayerId } from '@contract/wire';
import useSWR from 'swr';

/** The SWR key of a game's recent player IDs; a wallet order by player ID revalidates it. */
export const playerIdsKey = (masterCategoryId: string) => ['/user/player_ids', { master_category: masterCategoryId }] as const;

/** POST /user/player_ids: the signed-in user's recent player IDs for a game, newest first; read only while `enabled`. */
export function usePlayerIds(masterCategoryId: string, enabled: boolean) {
  return useSWR<RecentPlayerId[]>(enabled ? playerIdsKey(masterCategoryId) : null, { onError: () => undefined });
}
