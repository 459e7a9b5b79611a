import { useMoveOrder } from './move-order';

/** POST /admin/orders/{id}/release: a held order's delivery goes on (409 once it was released or refunded). */
export const useReleaseOrder = () => useMoveOrder('release');
