import type { RedeemLink } from '@contract/wire';
import useSWR from 'swr';

/** GET /user/redeem_link: the video that shows how to redeem a code (the Watch button). */
export function useRedeemLink() {
  return useSWR<RedeemLink>('/user/redeem_link');
}
