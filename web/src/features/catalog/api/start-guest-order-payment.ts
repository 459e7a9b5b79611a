import type { guestOrderBody } from '@contract/orders';
import type { GuestCheckoutAnswer } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { type PlanOrderInput, orderPayload, orderTotal } from './place-order';

/** The request of POST /guest/request_webview as its schema takes it (functions/contract/orders.ts). */
type GuestOrderRequest = v.InferInput<typeof guestOrderBody>;

/** A guest's top-up by player ID: the order, the contact the receipt goes to, and the receipt's language. */
export type GuestOrderInput = PlanOrderInput & Pick<GuestOrderRequest, 'contact' | 'language'>;

/**
 * POST /guest/request_webview: a guest's top-up by player ID, paid through the gateway only;
 * answers where the payer goes next and the order's secret link.
 */
export function useStartGuestOrderPayment() {
  return useSWRMutation(
    '/guest/request_webview',
    async (path: string, { arg }: { arg: GuestOrderInput }) => {
      const { paid_from_wallet: _wallet, ...payload } = orderPayload(arg);
      const { data } = await apiRequest<GuestCheckoutAnswer>('POST', path, {
        body: { ...payload, amount: orderTotal(arg), contact: arg.contact, language: arg.language } satisfies GuestOrderRequest,
      });
      return data;
    },
    writeOptions,
  );
}
