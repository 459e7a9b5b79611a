import useSWR from 'swr';

/** A plan order (spec §3). */
export interface PlanOrder {
  order_id: string;
  created_at: string;
  status: string;
  paid_amount: number;
  plan_name: string;
  saccount_id: string;
  remark: string;
}

export const ordersKey = ['/user/get_request_list', {}] as const;

/** The signed-in user's plan orders, newest first. */
export function useOrders() {
  return useSWR<PlanOrder[]>(ordersKey);
}
