import type { SaleRow } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/sales; creating a sale revalidates it. */
export const salesKey = '/admin/sales';

/** Every flash sale with the units it sold, what it took off the list price and its revenue. */
export function useSales() {
  return useSWR<{ items: SaleRow[]; next_cursor: string | null }>(salesKey);
}
