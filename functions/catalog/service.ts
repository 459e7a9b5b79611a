import * as repo from './repo';

export type { MasterCategory } from './repo';

/** The games and gift-card brands, in menu order. */
export function masterCategories() {
  return repo.listMasterCategories();
}
