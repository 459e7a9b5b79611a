import type { AdminPlan } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { putPlanInCatalog } from './get-catalog';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { savePlanBody } from '@contract/admin-catalog';
import type * as v from 'valibot';

/** A plan as the console edits it: the endpoint's request (functions/contract/admin-catalog.ts) with its stock status as a switch. */
export type PlanInput = Omit<v.InferInput<typeof savePlanBody>, 'status'> & { inStock: boolean };

/** The request the endpoint takes: the switch as the wire's "1" (on sale) or "0" (out of stock). */
export const planRequest = ({ inStock, ...plan }: PlanInput): v.InferInput<typeof savePlanBody> => ({
  ...plan,
  status: inStock ? '1' : '0',
});

/** The fields to send again for a change of one field of a plan (the endpoint takes the whole plan). */
export const planInput = (plan: AdminPlan): PlanInput => ({
  plans_id: plan.plans_id,
  category_id: plan.category_id,
  pname: plan.pname,
  image: plan.image,
  price: plan.price,
  no_of_diamonds: plan.no_of_diamonds,
  inStock: plan.status === 1,
  position: plan.position,
  delivery: plan.delivery,
  delivery_voucher_id: plan.delivery_voucher_id,
  supplier_sku: plan.supplier_sku,
  cost: plan.cost,
});

/**
 * POST /admin/plans: a new plan, or a change of one (its price, its stock status, …). Puts the
 * answer in place in the tree and revalidates the shop's reads; answers the plan and the message.
 */
export function useSavePlan() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/plans',
    async (path: string, { arg }: { arg: PlanInput }) => {
      const { data, message } = await apiRequest<AdminPlan>('POST', path, { body: planRequest(arg) });
      await Promise.all([putPlanInCatalog(mutate, data), refreshShopReads(mutate, 'catalog')]);
      return { plan: data, message };
    },
    writeOptions,
  );
}
