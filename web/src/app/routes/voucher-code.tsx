import { isCodeCategory } from '../../config/paths';
import { CategoryGrid } from '../../features/catalog/components/category-grid';

/** Gift-card brands only: the categories whose name ends with a full stop (spec §2). */
export function VoucherCodePage() {
  return (
    <div className="container page">
      <CategoryGrid title="Gift card codes" filter={(category) => isCodeCategory(category.cname)} />
    </div>
  );
}

export { VoucherCodePage as Component };
