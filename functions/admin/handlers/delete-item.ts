import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import type { CachedRead } from '../../routes/route';
import { adminRoute } from '../../http/user-route';
import { deleteCatalogItem } from '../service/catalog';
import { deleteContentItem } from '../service/content';
import { deleteVoucher } from '../service/vouchers';
import { type deletableKinds, deleteItemParams } from '../../contract/admin-content';

/** The cached public read that deleting each kind changes. */
const cachedReadOf: Record<(typeof deletableKinds)[number], CachedRead> = {
  master_categories: 'games',
  plan_groups: 'planGroups',
  plans: 'plans',
  vouchers: 'vouchers',
  blogs: 'blog',
  events: 'banners',
  senders: 'paymentChannels',
};

export const handler = adminRoute(
  { params: deleteItemParams, ...invalidating('games', 'planGroups', 'plans', 'vouchers', 'blog', 'banners', 'paymentChannels') },
  async ({ params: { kind, id }, user }) => {
    if (kind === 'vouchers') await deleteVoucher(user, id);
    else if (kind === 'blogs' || kind === 'events' || kind === 'senders') await deleteContentItem(user, kind, id);
    else await deleteCatalogItem(user, kind, id);
    return { ...success({}, 'Deleted'), changed: [cachedReadOf[kind]] };
  },
);
