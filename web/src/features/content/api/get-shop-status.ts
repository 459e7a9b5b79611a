import useSWR from 'swr';

/** GET /user/shop_status: 0 means purchases are refused with `errorMessage`. */
export interface ShopStatus {
  shopStatus: 0 | 1;
  errorMessage: string;
}

/** Whether the shop sells; `closedMessage` is set only while it is closed. */
export function useShopStatus() {
  const { data } = useSWR<ShopStatus>('/user/shop_status');
  return { closedMessage: data && data.shopStatus !== 1 ? data.errorMessage : undefined };
}
