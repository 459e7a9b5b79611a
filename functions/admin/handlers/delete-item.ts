import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idField } from '../../shared/validation';
import { deleteCatalogItem } from '../service/catalog';
import { deleteContentItem } from '../service/content';
import { deleteVoucher } from '../service/vouchers';

const kinds = ['master_categories', 'plan_groups', 'plans', 'vouchers', 'blogs', 'events', 'senders'] as const;

const params = v.object({ kind: v.picklist(kinds, `Kind must be one of ${kinds.join(', ')}`), id: idField('id') });

export const handler = adminRoute({ params }, async ({ params: { kind, id }, user }) => {
  if (kind === 'vouchers') await deleteVoucher(user, id);
  else if (kind === 'blogs' || kind === 'events' || kind === 'senders') await deleteContentItem(user, kind, id);
  else await deleteCatalogItem(user, kind, id);
  return success({}, 'Deleted');
});
