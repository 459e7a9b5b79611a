import type { ScopedMutator } from 'swr';

/**
 * The public reads an edit in the console can change (contract: "Routes"). Catalog and content
 * edits show in the shop on the next request; this tab asks again for those it has cached, so
 * that the operator's own shop pages, header and footer show the change too.
 */
const shopReads = [
  '/user/master_category_list',
  '/user/category_list',
  '/user/plan_list',
  '/user/auto_delivery_vouchers_list',
  '/user/event_list',
  '/user/blog_list',
  '/user/blog/',
  '/user/shop_status',
  '/user/get_senders',
  '/user/site_settings',
  '/user/redeem_link',
];

const pathOf = (key: unknown) => (Array.isArray(key) ? key[0] : key);

/** Revalidates every cached public read of the shop. */
export function refreshShopReads(mutate: ScopedMutator): Promise<unknown> {
  return mutate((key) => {
    const path = pathOf(key);
    return typeof path === 'string' && shopReads.some((read) => path.startsWith(read));
  });
}
