/** A guest's code order as its link's page reads it, apart from the checkout, so that the page's function loads no gateway code. */
import type { OrderDetail } from '../contract/wire';
import { NotFound } from '../shared/errors';
import { getPendingCodeOrder } from '../vouchers/pending-repo';
import { getVoucherOrder } from '../vouchers/repo';
import { codeOrderDetailView } from './views';

/** A guest's code order as its link's page shows it: the checkout, and the order its payment placed (with the codes); else 404. */
export async function guestCodeOrderDetail(userId: string, orderId: string): Promise<OrderDetail> {
  const [pending, placed] = await Promise.all([getPendingCodeOrder(userId, orderId), getVoucherOrder(userId, orderId)]);
  if (!pending) throw new NotFound('Order not found');
  return codeOrderDetailView(pending, pending.paymentStatus === 'completed' ? placed : undefined);
}
