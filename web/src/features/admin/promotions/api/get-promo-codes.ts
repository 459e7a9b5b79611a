import type { PromoCodeRow } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/promo_codes; creating a code revalidates it. */
export const promoCodesKey = '/admin/promo_codes';

/** Every promo code with its uses, the discount it gave and the revenue it brought. */
export function usePromoCodes() {
  return useSWR<{ items: PromoCodeRow[]; next_cursor: string | null }>(promoCodesKey);
}
