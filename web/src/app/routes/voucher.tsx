import { useParams, useSearchParams } from 'react-router-dom';
import { useMasterCategories } from '../../features/catalog/api/get-master-categories';
import { useShopStatus } from '../../features/content/api/get-shop-status';
import { VoucherList } from '../../features/vouchers/components/voucher-list';
import { promotionsMessages } from '../../features/promotions/messages';
import { vouchersMessages } from '../../features/vouchers/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [vouchersMessages, promotionsMessages];

/** /voucher/{id}: a gift-card brand's vouchers; ?voucher= and ?qty= hold a choice to come back to (after signing in, after adding money). */
export function VoucherPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { data: categories } = useMasterCategories();
  const { closedMessage } = useShopStatus();
  return (
    <VoucherList
      key={id}
      brandId={id}
      brand={categories?.find((category) => category.id === id)}
      purchaseClosed={closedMessage !== undefined}
      chosen={{ voucherId: search.get('voucher'), qty: search.get('qty') }}
    />
  );
}

export { VoucherPage as Component };
