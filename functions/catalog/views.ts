import type { MasterCategory, Plan, PlanGroup } from './repo';

/** The contract's master category: `{id, cname, image}`. */
export const masterCategoryView = (category: MasterCategory) => ({ id: category.id, cname: category.name, image: category.image });

/** The contract's plan group (category_list row): `{id, cname, image, master_category}`. */
export const planGroupView = (group: PlanGroup) => ({ id: group.id, cname: group.name, image: group.image, master_category: group.masterCategoryId });

/** The contract's plan: `{plans_id, pname, image, price, no_of_diamonds, status}`. */
export const planView = (plan: Plan) => ({
  plans_id: plan.id,
  pname: plan.name,
  image: plan.image,
  price: plan.price,
  no_of_diamonds: plan.diamonds,
  status: plan.status,
});
