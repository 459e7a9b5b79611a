import type { PromoCodeRow } from '@contract/admin-wire';
import type { promoCodeActiveBody } from '@contract/promotions';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { refreshShopReads } from '../../kit/api/shop-reads';
import { promoCodesKey } from './get-promo-codes';

/** POST /admin/promo_codes/{code}/active: pause or resume a code. Revalidates the list and the shop's site data (a public code leaves it while paused). */
export function useSetPromoCodeActive() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    promoCodesKey,
    async (_: string, { arg }: { arg: { code: string; active: boolean } }) => {
      const { message } = await apiRequest<PromoCodeRow>('POST', `/admin/promo_codes/${encodeURIComponent(arg.code)}/active`, {
        body: { active: arg.active ? '1' : '0' } satisfies v.InferInput<typeof promoCodeActiveBody>,
      });
      await Promise.all([mutate(promoCodesKey), refreshShopReads(mutate, 'settings')]);
      return message;
    },
    writeOptions,
  );
}
