import type { PromoCodeRow } from '@contract/admin-wire';
import type { promoCodeBody, promoCodeEditBody } from '@contract/promotions';
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

/** The requests as the endpoints' schemas take them (functions/contract/promotions.ts). */
export type PromoCodeInput = v.InferInput<typeof promoCodeBody>;
export type PromoCodeEditInput = v.InferInput<typeof promoCodeEditBody>;

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

/** POST /admin/promo_codes/{code}: a code's terms as the Edit form has them. Revalidates the list and the shop's site data. */
export function useEditPromoCode() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    promoCodesKey,
    async (_: string, { arg }: { arg: { code: string; terms: PromoCodeEditInput } }) => {
      const { message } = await apiRequest<PromoCodeRow>('POST', `/admin/promo_codes/${encodeURIComponent(arg.code)}`, {
        body: { ...arg.terms },
      });
      await Promise.all([mutate(promoCodesKey), refreshShopReads(mutate, 'settings')]);
      return message;
    },
    writeOptions,
  );
}
