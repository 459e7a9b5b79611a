import type { ShopStatus } from '@contract/wire';
import useSWR from 'swr';
import { useAfterFirstPaint } from '../../../lib/after-paint';
import { shopClosedMessage, useSiteSettings } from './get-site-settings';

const shopStatusKey = '/user/shop_status';

/**
 * GET /user/shop_status: whether the shop sells; `closedMessage` is set only while it is closed
 * (shopStatus 0). Asked for once the page has been painted: until its answer, the site settings
 * the first render already has say the same, and a read that only refines them takes nothing from
 * the first paint on a slow network.
 */
export function useShopStatus() {
  const painted = useAfterFirstPaint();
  const { data } = useSWR<ShopStatus>(painted ? shopStatusKey : null);
  const { data: settings } = useSiteSettings();
  if (!data) return { closedMessage: shopClosedMessage(settings) };
  return { closedMessage: data.shopStatus !== 1 ? data.errorMessage : undefined };
}

/** Reads what the cache holds and whatever another hook loads, without asking on its own. */
const cacheOnly = { revalidateOnMount: false, revalidateIfStale: false, revalidateOnFocus: false, revalidateOnReconnect: false };

/**
 * The closed shop's message for the banner on every page: from the site settings every page has,
 * unless a page that sells has read the shop status itself (never cached, so the fresher word).
 * It asks for nothing of its own.
 */
export function useShopClosedMessage(): string | undefined {
  const { data: settings } = useSiteSettings();
  const { data: status } = useSWR<ShopStatus>(shopStatusKey, cacheOnly);
  if (status) return status.shopStatus !== 1 ? status.errorMessage : undefined;
  return shopClosedMessage(settings);
}
