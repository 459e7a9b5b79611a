import useSWR from 'swr';

/** GET /user/redeem_link: the video that shows how to redeem a code (the Watch button). */
export function useRedeemLink() {
  return useSWR<{ upay: string }>('/user/redeem_link');
}
