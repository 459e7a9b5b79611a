import { requireMasterCategory } from '../catalog/service';
import * as repo from './repo';

export type { VoucherWithStock } from './repo';

/**
 * A brand's vouchers with their stock, in order. An empty listing reads the brand too, so that an
 * unknown brand is a 404 while a brand without vouchers is an empty list.
 */
export async function vouchersOf(masterCategoryId: string) {
  const vouchers = await repo.listVouchers(masterCategoryId);
  if (vouchers.length === 0) await requireMasterCategory(masterCategoryId);
  return vouchers;
}
