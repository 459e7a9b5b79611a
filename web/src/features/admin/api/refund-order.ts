import type { AdminOrderDetail } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { orderRefused, orderWritten } from './order-written';

/**
 * POST /admin/orders/{id}/refund with the required remark: the paid amount goes to the shopper's
 * wallet. Puts the refunded order in place and revalidates the balance it changed; answers the
 * server's message. A 409 ("Order is already refunded") is thrown after the order is read again.
 */
export function useRefundOrder() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/orders/refund',
    async (_key: string, { arg }: { arg: { order_id: string; remark: string } }) => {
      try {
        const { data, message } = await apiRequest<AdminOrderDetail>('POST', `/admin/orders/${encodeURIComponent(arg.order_id)}/refund`, { body: { remark: arg.remark } });
        await orderWritten(mutate, data);
        return message;
      } catch (error) {
        await orderRefused(mutate, arg.order_id, error);
        throw error;
      }
    },
    writeOptions,
  );
}
