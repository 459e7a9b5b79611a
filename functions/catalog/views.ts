import type { MasterCategory } from './repo';

/** The contract's master category: `{id, cname, image}`. */
export const masterCategoryView = (category: MasterCategory) => ({ id: category.id, cname: category.name, image: category.image });
