import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { type ShopArea, refreshShopReads } from './shop-reads';

/** What the console can delete, as the path names it. */
export type DeletableKind = 'master_categories' | 'plan_groups' | 'plans' | 'vouchers' | 'blogs' | 'events' | 'senders';

/** What a delete of a section's items revalidates: the cached lists they show in, and the shop's reads of their area. */
export interface DeleteRevalidation {
  lists: (key: unknown) => boolean;
  area: ShopArea;
}

/**
 * POST /admin/{kind}/{id}/delete. The server refuses with 409 and a message while something still
 * hangs off the item (plans in a group, unsold codes in a voucher); that error is thrown to the
 * caller. Revalidates the lists it showed in and the shop's reads (as the section names them);
 * answers the server's message.
 */
export function useDeleteItem(revalidates: DeleteRevalidation) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/delete',
    async (_key: string, { arg }: { arg: { kind: DeletableKind; id: string } }) => {
      const { message } = await apiRequest<Record<string, never>>('POST', `/admin/${arg.kind}/${encodeURIComponent(arg.id)}/delete`);
      await Promise.all([mutate(revalidates.lists), refreshShopReads(mutate, revalidates.area)]);
      return message;
    },
    writeOptions,
  );
}
