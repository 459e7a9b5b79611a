/** The console's catalog and voucher views: games, plan groups, plans and vouchers as operators edit them, and masked codes. */
import type { AdminCatalog, AdminMasterCategory, AdminPlan, AdminPlanGroup, AdminVoucher, MaskedCodes } from '../contract/admin-wire';
import type { MasterCategory, Plan, PlanGroup } from '../catalog/repo';
import { masterCategoryView, planGroupView, planView } from '../catalog/views';
import { type Page, pageView } from '../shared/cursor';
import type { VoucherWithStock } from '../vouchers/repo';
import { voucherView } from '../vouchers/views';
import type { CatalogTree } from './service/catalog';

/** A game or brand as operators edit it. */
export const adminMasterCategoryView = (category: MasterCategory): AdminMasterCategory => ({
  ...masterCategoryView(category),
  position: category.position,
  lookup_code: category.lookupCode ?? '',
});

/** A plan group as operators edit it. */
export const adminPlanGroupView = (group: PlanGroup): AdminPlanGroup => ({ ...planGroupView(group), position: group.position });

/** A plan as operators edit it. */
export const adminPlanView = (plan: Plan): AdminPlan => ({
  ...planView(plan),
  category_id: plan.groupId,
  position: plan.position,
  delivery: plan.delivery?.mode ?? 'manual',
  delivery_voucher_id: plan.delivery?.mode === 'stock' ? plan.delivery.voucherId : '',
  supplier_sku: plan.delivery?.mode === 'supplier' ? plan.delivery.sku : '',
  cost: plan.delivery?.mode === 'supplier' ? plan.delivery.cost : 0,
  delivery_paused: plan.deliveryPaused ?? '',
});

/** The catalog tree on the wire. */
export const catalogTreeView = (tree: CatalogTree): AdminCatalog => ({
  master_categories: tree.map(({ category, groups }) => ({
    ...adminMasterCategoryView(category),
    groups: groups.map(({ group, plans }) => ({ ...adminPlanGroupView(group), plans: plans.map(adminPlanView) })),
  })),
});

/** A voucher as operators edit it. */
export const adminVoucherView = (voucher: VoucherWithStock): AdminVoucher => ({
  ...voucherView(voucher),
  mcategory_id: voucher.masterCategoryId,
  position: voucher.position,
});

/** A page of masked codes and the stock. */
export const maskedCodesView = ({
  stock,
  page,
}: {
  stock: number;
  page: Page<{ codeId: string; masked: string; createdAt: string }>;
}): MaskedCodes => ({
  stock,
  ...pageView(page, (code) => ({ code_id: code.codeId, masked: code.masked, created_at: code.createdAt })),
});
