import * as v from 'valibot';
import { httpHandler, success } from '../../shared/http';
import { boundedInt, idField } from '../../shared/validation';
import { buyCodes } from '../purchase';

const body = v.object({
  voucher_id: idField('voucher'),
  qty: boundedInt(1, 10, 'Quantity must be between 1 and 10'),
});

export const handler = httpHandler({ access: 'user', body }, async ({ body: form, session }) => {
  const order = await buyCodes(session, form.voucher_id, form.qty);
  return success({ order_id: order.orderId, codes: order.codes.join(',') }, 'Purchase successful. Your codes are in My Codes.');
});
