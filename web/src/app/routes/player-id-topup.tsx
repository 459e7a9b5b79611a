import { isCodeCategory } from '../../config/paths';
import { CategoryGrid } from '../../features/catalog/components/category-grid';

/** Top-up games only: the categories whose name does not end with a full stop (spec §2). */
export function PlayerIdTopupPage() {
  return (
    <div className="container page">
      <CategoryGrid title="Player ID Topup" filter={(category) => !isCodeCategory(category.cname)} />
    </div>
  );
}

export { PlayerIdTopupPage as Component };
