import type { RedeemLink } from '@contract/wire';
import useSWR from 'swr';

/**
 * GET /user/redeem_link: the video that shows how to redeem a code (the vouchers' Watch button,
 * and a stock-delivered order's code). Here, with the server's content area, so that both
 * the vouchers and the orders' read side, a floor below, can reach it.
 */
export function useRedeemLink() {
  return useSWR<RedeemLink>('/user/redeem_link');
}
