import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { catalogKey } from './get-catalog';
import { contentKey } from './get-content';
import { isVouchersKey } from './get-vouchers';
import { type ShopArea, refreshShopReads } from './shop-reads';

/** What the console can delete, as the path names it. */
export type DeletableKind = 'master_categories' | 'plan_groups' | 'plans' | 'vouchers' | 'blogs' | 'events' | 'senders';

/** The cached lists each kind shows in. */
const listsOf: Record<DeletableKind, (key: unknown) => boolean> = {
  master_categories: (key) => key === catalogKey,
  plan_groups: (key) => key === catalogKey,
  plans: (key) => key === catalogKey,
  vouchers: isVouchersKey,
  blogs: (key) => key === contentKey,
  events: (key) => key === contentKey,
  senders: (key) => key === contentKey,
};

/** The shop's area each kind belongs to. */
const areaOf: Record<DeletableKind, ShopArea> = {
  master_categories: 'catalog',
  plan_groups: 'catalog',
  plans: 'catalog',
  vouchers: 'vouchers',
  blogs: 'content',
  events: 'content',
  senders: 'content',
};

/**
 * POST /admin/{kind}/{id}/delete. The server refuses with 409 and a message while something still
 * hangs off the item (plans in a group, unsold codes in a voucher); that error is thrown to the
 * caller. Revalidates the lists it showed in and the shop's reads; answers the server's message.
 */
export function useDeleteItem() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/delete',
    async (_key: string, { arg }: { arg: { kind: DeletableKind; id: string } }) => {
      const { message } = await apiRequest<Record<string, never>>('POST', `/admin/${arg.kind}/${encodeURIComponent(arg.id)}/delete`);
      await Promise.all([mutate(listsOf[arg.kind]), refreshShopReads(mutate, areaOf[arg.kind])]);
      return message;
    },
    writeOptions,
  );
}
