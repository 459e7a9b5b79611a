import type { BlockRow } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/blocklist; a block added or lifted revalidates it. */
export const blocklistKey = '/admin/blocklist';

/** Every blocked identity, oldest first. */
export function useBlocklist() {
  return useSWR<{ items: BlockRow[]; next_cursor: string | null }>(blocklistKey);
}
