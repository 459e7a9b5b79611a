import { auditEntry, auditItem } from '../../audit/repo';
import type { MasterCategory, Plan, PlanContext, PlanDelivery, PlanGroup } from '../../catalog/repo';
import { getMasterCategory, getPlan, getPlanGroup, listMasterCategories, listPlanGroups, listPlans } from '../../catalog/repo';
import * as catalog from '../../catalog/service';
import { Invalid, NotFound } from '../../shared/errors';
import { getVoucher } from '../../vouchers/repo';
import type { ActiveUser } from '../../users/active-user';
import { newId } from './ids';

/** The whole catalog for the operators' tree: every game with its groups and their plans (one Query per level, in parallel). */
export async function catalogTree() {
  const categories = await listMasterCategories();
  return Promise.all(
    categories.map(async (category) => {
      const groups = await listPlanGroups(category.id);
      return { category, groups: await Promise.all(groups.map(async (group) => ({ group, plans: await listPlans(group.id) }))) };
    }),
  );
}

export type CatalogTree = Awaited<ReturnType<typeof catalogTree>>;

/** An operator's master category: new without an id, else a change of the one with that id. */
export async function saveMasterCategory(admin: ActiveUser, input: Omit<MasterCategory, 'id'> & { id?: string }): Promise<MasterCategory> {
  const isNew = !input.id;
  if (!isNew && !(await getMasterCategory(input.id!))) throw new NotFound('Category not found');
  const category = { ...input, id: input.id ?? newId(input.name) };
  return catalog.saveMasterCategory(category, isNew, [
    auditItem(auditEntry(admin.id, isNew ? 'category.create' : 'category.update', category.id, category.name)),
  ]);
}

/** An operator's plan group: new without an id, else a change of the one with that id. */
export async function savePlanGroup(admin: ActiveUser, input: Omit<PlanGroup, 'id'> & { id?: string }): Promise<PlanGroup> {
  const previous = input.id ? await getPlanGroup(input.id) : undefined;
  if (input.id && !previous) throw new NotFound('Plan group not found');
  const group = { ...input, id: input.id ?? newId(input.name) };
  return catalog.savePlanGroup(group, previous, [
    auditItem(auditEntry(admin.id, previous ? 'group.update' : 'group.create', group.id, group.name)),
  ]);
}

/** A plan's delivery as the form gives it (its schema has checked what each mode needs). */
export function planDelivery(form: {
  delivery: PlanDelivery['mode'];
  delivery_voucher_id?: string;
  supplier_sku?: string;
  cost: number;
}): PlanDelivery {
  if (form.delivery === 'stock') return { mode: 'stock', voucherId: form.delivery_voucher_id! };
  if (form.delivery === 'supplier') return { mode: 'supplier', sku: form.supplier_sku!, cost: form.cost };
  return { mode: 'manual' };
}

/**
 * An operator's plan: new without an id, else a change of the one with that id (price, stock
 * status, delivery, …). Saving starts a paused automatic delivery again.
 */
export async function savePlan(
  admin: ActiveUser,
  input: Omit<Plan, 'id' | 'deliveryPaused' | keyof PlanContext> & { id?: string },
): Promise<Plan> {
  const [previous, voucher] = await Promise.all([
    input.id ? getPlan(input.id) : undefined,
    input.delivery?.mode === 'stock' ? getVoucher(input.delivery.voucherId) : undefined,
  ]);
  if (input.id && !previous) throw new NotFound('Plan not found');
  if (input.delivery?.mode === 'stock' && !voucher)
    throw new Invalid('The voucher it takes codes from was not found', {
      delivery_voucher_id: 'The voucher it takes codes from was not found',
    });
  const plan = { ...input, id: input.id ?? newId(input.name) };
  const detail = `${plan.name}: ৳${plan.price}, ${plan.status === 1 ? 'on sale' : 'out of stock'}, delivery ${plan.delivery?.mode ?? 'manual'}`;
  return catalog.savePlan(plan, previous, [auditItem(auditEntry(admin.id, previous ? 'plan.update' : 'plan.create', plan.id, detail))]);
}

/** Deletes a catalog item that has nothing left under it (else 409). */
export function deleteCatalogItem(admin: ActiveUser, kind: 'master_categories' | 'plan_groups' | 'plans', id: string): Promise<void> {
  const audit = [auditItem(auditEntry(admin.id, `${kind}.delete`, id))];
  if (kind === 'master_categories') return catalog.deleteMasterCategory(id, audit);
  if (kind === 'plan_groups') return catalog.deletePlanGroup(id, audit);
  return catalog.deletePlan(id, audit);
}
