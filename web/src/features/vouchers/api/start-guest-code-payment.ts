import type { guestBuyVoucherBody } from '@contract/orders';
import type { GuestCheckoutAnswer } from '@contract/wire';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';

/** The request of POST /guest/buy_voucher_webview as its schema takes it (functions/contract/orders.ts). */
export type GuestCodesRequest = v.InferInput<typeof guestBuyVoucherBody>;

/**
 * POST /guest/buy_voucher_webview: a guest's codes of a voucher, reserved and paid through the
 * gateway only; answers where the payer goes next and the order's secret link.
 */
export function useStartGuestCodePayment() {
  return useSWRMutation(
    '/guest/buy_voucher_webview',
    async (path: string, { arg }: { arg: GuestCodesRequest }) => (await apiRequest<GuestCheckoutAnswer>('POST', path, { body: arg })).data,
    writeOptions,
  );
}
