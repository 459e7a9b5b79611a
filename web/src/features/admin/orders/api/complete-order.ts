import { useMoveOrder } from './move-order';

/** POST /admin/orders/{id}/complete with an optional remark the shopper sees. */
export const useCompleteOrder = () => useMoveOrder('complete');
