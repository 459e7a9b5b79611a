import type { Plan, PlanContext, PlanGroup } from '../../functions/catalog/repo';
import { saveMasterCategory, savePlan, savePlanGroup } from '../../functions/catalog/service';
import type { BlogPost } from '../../functions/content/repo';
import { saveBlogPost } from '../../functions/content/service';
import { invalidating } from '../../functions/http/edge-cache';
import type { CachedRead } from '../../functions/routes';
import { parseCodes } from '../../functions/vouchers/inventory';
import type { Voucher } from '../../functions/vouchers/repo';
import { addCodes, saveVoucher } from '../../functions/vouchers/service';

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

export const newGroup = (group: PlanGroup) => savePlanGroup(group, undefined);

export const newPlan = (plan: Omit<Plan, keyof PlanContext>) => savePlan(plan, undefined);

export const newVoucher = (voucher: Voucher) => saveVoucher(voucher, undefined);

/** Adds these codes to a voucher's inventory, as an upload would. */
export const stockCodes = (voucherId: string, codes: string[]) => addCodes(voucherId, parseCodes(codes.join('\n')).codes);

export const newBlogPost = async (post: BlogPost) => {
  await saveBlogPost(post, true);
  await refreshEdge('blog');
};
