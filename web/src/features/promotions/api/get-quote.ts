import type { quoteBody } from '@contract/promotions';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';

/** The request of POST /user/quote as its schema takes it (functions/contract/promotions.ts). */
type QuoteRequest = v.InferInput<typeof quoteBody>;

/** What the server will charge now: the list price, a promo code's discount and the total. */
export interface Quote {
  price: number;
  discount: number;
  total: number;
  coupan_code: string;
}

/** A promo code the shopper applied in the confirm step, as the server priced it. */
export interface AppliedPromo {
  code: string;
  discount: number;
  total: number;
}

/** POST /user/quote: prices a plan with a promo code; a code that cannot apply is refused with the server's reason (ApiError). */
export function useQuote() {
  return useSWRMutation(
    '/user/quote',
    async (path: string, { arg }: { arg: QuoteRequest }) => (await apiRequest<Quote>('POST', path, { body: arg })).data,
    writeOptions,
  );
}
