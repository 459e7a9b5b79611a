import type { ShopStatus } from '@contract/wire';
import useSWR from 'swr';

/** GET /user/shop_status: whether the shop sells; `closedMessage` is set only while it is closed (shopStatus 0). */
export function useShopStatus() {
  const { data } = useSWR<ShopStatus>('/user/shop_status');
  return { closedMessage: data && data.shopStatus !== 1 ? data.errorMessage : undefined };
}
