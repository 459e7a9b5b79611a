import { isCodeCategory } from '../../config/paths';
import { CategoryGrid } from '../../features/catalog/components/category-grid';
import { useT } from '../../features/vouchers/messages';

/** Gift-card brands only: the categories whose name ends with a full stop (spec §2). */
export function VoucherCodePage() {
  const { t } = useT();
  return (
    <div className="container page">
      <CategoryGrid title={t('vouchers.giftCardCodes')} filter={(category) => isCodeCategory(category.cname)} />
    </div>
  );
}

export { VoucherCodePage as Component };
