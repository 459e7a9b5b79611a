import type { ScopedMutator } from 'swr';

/**
 * The public reads that an edit of each area can change (contract: "Routes"). Catalog and content
 * edits show in the shop on the next request; this tab asks again for those it has cached, so
 * that the operator's own shop pages, header and footer show the change too.
 */
const shopReads = {
  catalog: ['/user/master_category_list', '/user/category_list', '/user/plan_list'],
  vouchers: ['/user/auto_delivery_vouchers_list'],
  content: ['/user/event_list', '/user/blog_list', '/user/blog/', '/user/get_senders'],
  settings: ['/user/site_settings', '/user/shop_status', '/user/redeem_link'],
} as const;

export type ShopArea = keyof typeof shopReads;

const pathOf = (key: unknown) => (Array.isArray(key) ? key[0] : key);

/** Revalidates the cached public reads of the shop that an edit of `area` changes. */
export function refreshShopReads(mutate: ScopedMutator, area: ShopArea): Promise<unknown> {
  const reads: readonly string[] = shopReads[area];
  return mutate((key) => {
    const path = pathOf(key);
    return typeof path === 'string' && reads.some((read) => path.startsWith(read));
  });
}
