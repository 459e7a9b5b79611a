import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idField } from '../../shared/validation';
import { voidCode } from '../service/vouchers';

const params = v.object({ id: idField('voucher'), code_id: idField('code') });

export const handler = adminRoute({ params }, async ({ params: { id, code_id }, user }) =>
  success({ stock: await voidCode(user, id, code_id) }, 'Code voided'),
);
