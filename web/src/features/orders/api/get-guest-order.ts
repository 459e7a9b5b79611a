import type { guestOrderLinkBody } from '@contract/orders';
import type * as v from 'valibot';
import { usePolledOrder } from './get-order';

/** The request as the endpoint's schema takes it (functions/contract/orders.ts). */
type GuestOrderRequest = v.InferInput<typeof guestOrderLinkBody>;

/** The SWR key of a guest's order page: the link's secret is the only key to it. */
export const guestOrderKey = (token: string) => ['/guest/order', { token } satisfies GuestOrderRequest] as const;

/**
 * POST /guest/order: the order behind a secret order link, as a shopper's order page shows it (a
 * voucher order's codes with it); any unknown or altered token is a 404 with the same words. Read
 * again while its delivery is under way, like `useOrder`. A failure is no toast: the page says it.
 */
export function useGuestOrder(token: string) {
  return usePolledOrder(guestOrderKey(token), { onError: () => undefined });
}
