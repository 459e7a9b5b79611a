import type { PromoCodeRow } from '@contract/admin-wire';
import type { promoCodeBody } from '@contract/promotions';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { refreshShopReads } from '../../kit/api/shop-reads';
import { promoCodesKey } from './get-promo-codes';

/** A giveaway batch as its creation answers it: its id and its codes. */
export interface CreatedBatch {
  batch: string;
  codes: string[];
}

/** The request as the endpoint's schema takes it (functions/contract/promotions.ts). */
export type PromoCodeInput = v.InferInput<typeof promoCodeBody>;

/** POST /admin/promo_codes: a new code, or a giveaway batch of them (`count`). Revalidates the list and the shop's site data (a public code is listed there). */
export function useSavePromoCode() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    promoCodesKey,
    async (path: string, { arg }: { arg: PromoCodeInput }) => {
      const { data, message } = await apiRequest<PromoCodeRow | CreatedBatch>('POST', path, { body: { ...arg } });
      await Promise.all([mutate(promoCodesKey), refreshShopReads(mutate, 'settings')]);
      return { created: data, message };
    },
    writeOptions,
  );
}
