import { isCodeCategory } from '../../config/paths';
import { CategoryGrid } from '../../features/catalog/components/category-grid';
import { useT, vouchersMessages } from '../../features/vouchers/messages';
import { catalogMessages } from '../../features/catalog/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [catalogMessages, vouchersMessages];

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
