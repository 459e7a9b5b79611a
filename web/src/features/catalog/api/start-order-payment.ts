import type { gatewayOrderBody } from '@contract/orders';
import type { CheckoutAnswer } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { type PlanOrderInput, orderPayload, orderTotal } from './place-order';

/** The request of POST /user/request_webview as its schema takes it (functions/contract/orders.ts). */
type GatewayOrderRequest = v.InferInput<typeof gatewayOrderBody>;

/**
 * POST /user/request_webview: a plan order paid through the gateway; answers where the payer
 * goes next (see features/payments/payment-window). Nothing changes until the payment returns.
 */
export function useStartOrderPayment() {
  return useSWRMutation(
    '/user/request_webview',
    async (path: string, { arg }: { arg: PlanOrderInput }) => {
      const { data } = await apiRequest<CheckoutAnswer>('POST', path, {
        body: { ...orderPayload(arg), amount: orderTotal(arg) } satisfies GatewayOrderRequest,
      });
      return data;
    },
    writeOptions,
  );
}
