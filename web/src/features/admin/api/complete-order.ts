import type { AdminOrderDetail } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { orderRefused, orderWritten } from './order-written';

/**
 * POST /admin/orders/{id}/complete with an optional remark the shopper sees. Puts the completed
 * order in place in the cache; answers the server's message. A 409 ("Order is already completed")
 * is thrown to the caller after the order is read again.
 */
export function useCompleteOrder() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/orders/complete',
    async (_key: string, { arg }: { arg: { order_id: string; remark: string } }) => {
      try {
        const { data, message } = await apiRequest<AdminOrderDetail>('POST', `/admin/orders/${encodeURIComponent(arg.order_id)}/complete`, { body: { remark: arg.remark } });
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
