import { useMoveOrder } from './move-order';

/**
 * POST /admin/orders/{id}/refund with the required remark: the paid amount goes to the shopper's
 * wallet (whose balance is revalidated), or with `to: 'gateway'` back to the payment method.
 */
export const useRefundOrder = () => useMoveOrder('refund');
