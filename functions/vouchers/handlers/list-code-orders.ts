import { httpHandler, success } from '../../shared/http';
import type { VoucherOrder } from '../repo';
import { codeHistory } from '../purchase';

/** The contract's code purchase row: `price` is the unit price, `codes` comma-separated. */
const codeOrderView = (order: VoucherOrder) => ({
  order_id: order.orderId,
  created_at: order.createdAt,
  voucher_name: order.voucherName,
  price: order.unitPrice,
  codes: order.codes.join(','),
});

export const handler = httpHandler({ access: 'user' }, async ({ session }) => success((await codeHistory(session)).map(codeOrderView)));
