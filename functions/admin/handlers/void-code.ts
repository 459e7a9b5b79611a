import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { voidCode } from '../service/vouchers';
import { voidCodeParams } from '../../contract/admin-catalog';

export const handler = adminRoute({ params: voidCodeParams, ...invalidating('vouchers') }, async ({ params: { id, code_id }, user }) =>
  success({ stock: await voidCode(user, id, code_id) }, 'Code voided'),
);
