import type { MasterCategoryRow, PlanGroupRow, PlanRow } from '../contract/wire';
import type { MasterCategory, Plan, PlanGroup } from './repo';

/** The contract's master category: `{id, cname, image}`. */
export const masterCategoryView = (category: MasterCategory): MasterCategoryRow => ({
  id: category.id,
  cname: category.name,
  image: category.image,
});

/** The contract's plan group (category_list row): `{id, cname, image, master_category}`. */
export const planGroupView = (group: PlanGroup): PlanGroupRow => ({
  id: group.id,
  cname: group.name,
  image: group.image,
  master_category: group.masterCategoryId,
  player_id_format: group.playerIdFormat
    ? { min_digits: group.playerIdFormat.minDigits, max_digits: group.playerIdFormat.maxDigits }
    : null,
});

/** The contract's plan: `{plans_id, pname, image, price, no_of_diamonds, status}`. */
export const planView = (plan: Plan): PlanRow => ({
  plans_id: plan.id,
  pname: plan.name,
  image: plan.image,
  price: plan.price,
  no_of_diamonds: plan.diamonds,
  status: plan.status,
});
