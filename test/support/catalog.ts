import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { Plan, PlanContext, PlanGroup } from '../../functions/catalog/repo';
import { saveMasterCategory, savePlan, savePlanGroup } from '../../functions/catalog/service';
import type { BlogPost } from '../../functions/content/repo';
import { saveBlogPost } from '../../functions/content/service';
import { invalidating } from '../../functions/http/edge-cache';
import type { CachedRead } from '../../functions/routes/route';
import { parseCodes } from '../../functions/vouchers/inventory';
import type { Voucher } from '../../functions/vouchers/repo';
import { addCodes, saveVoucher } from '../../functions/vouchers/service';
import { logInAdmin } from './admin';
import { callApi } from './http';

/** Empties the edge cache of these reads, as an operator's edit does: for data a test writes or removes behind the API. */
export const refreshEdge = (...reads: CachedRead[]) => invalidating(...reads).invalidates.run();

/**
 * Test data made through the same domain functions the admin console uses (without its audit),
 * so that counts and listings stay as the shop keeps them, cached reads included.
 */
export const newGame = async (id: string, name = `Test game ${id}`) => {
  await saveMasterCategory({ id, name, image: '/images/free-fire.svg', position: 900 }, true);
  await refreshEdge('games');
};

export const newGroup = async (group: PlanGroup) => {
  const saved = await savePlanGroup(group, undefined);
  await refreshEdge('planGroups');
  return saved;
};

export const newPlan = async (plan: Omit<Plan, keyof PlanContext>) => {
  const saved = await savePlan(plan, undefined);
  await refreshEdge('plans');
  return saved;
};

export const newVoucher = async (voucher: Voucher) => {
  const saved = await saveVoucher(voucher, undefined);
  await refreshEdge('vouchers');
  return saved;
};

/** Adds these codes to a voucher's inventory, as an upload would. */
export const stockCodes = async (voucherId: string, codes: string[]) => {
  const added = await addCodes(voucherId, parseCodes(codes.join('\n')).codes);
  await refreshEdge('vouchers');
  return added;
};

export const newBlogPost = async (post: BlogPost) => {
  await saveBlogPost(post, true);
  await refreshEdge('blog');
};

/**
 * A stock-mode plan of its own (saved through the console's API) over a fresh UniPin voucher with
 * `codes` codes: the plan's and the voucher's ids, and the codes.
 */
export async function stockPlanWith(codes: number): Promise<{ planId: string; voucherId: string; codes: string[] }> {
  const admin = await logInAdmin();
  const voucherId = `up-${randomInt(1e9)}`;
  await newVoucher({
    id: voucherId,
    masterCategoryId: 'unipin',
    name: `UP ${voucherId}`,
    price: 85,
    image: '/images/voucher-gp-500.svg',
    description: '',
    position: 50,
  });
  const stocked = Array.from({ length: codes }, (_, n) => `${voucherId.toUpperCase()}-${n}-${randomInt(1e9)}`);
  await stockCodes(voucherId, stocked);
  const saved = await callApi<{ data: { plans_id: string } }>('/admin/plans', {
    token: admin,
    form: {
      plans_id: '',
      category_id: 'ff-uid',
      pname: `Stock ${voucherId}`,
      image: '/images/plan-diamond.svg',
      price: 80,
      status: 1,
      delivery: 'stock',
      delivery_voucher_id: voucherId,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { planId: saved.body.data.plans_id, voucherId, codes: stocked };
}
