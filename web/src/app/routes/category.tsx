import { useParams, useSearchParams } from 'react-router-dom';
import { TopUpCategory } from '../../features/catalog/components/top-up-category';
import { useShopStatus } from '../../features/content/api/get-shop-status';
import { catalogMessages } from '../../features/catalog/messages';
import { ordersMessages } from '../../features/orders/messages';
import { paymentsMessages } from '../../features/payments/messages';
import { promotionsMessages } from '../../features/promotions/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [catalogMessages, ordersMessages, paymentsMessages, promotionsMessages];

/** /category/{id}: a game's top-up page; the open order form's group is kept in ?group= (or named in ?groupName=), its plan, mode and player ID beside it. */
export function CategoryPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { closedMessage } = useShopStatus();
  return (
    <TopUpCategory
      key={id}
      categoryId={id}
      selectedGroupId={search.get('group')}
      selectedGroupName={search.get('groupName')}
      onSelectGroup={(group) => setSearch({ group }, { replace: true, preventScrollReset: true })}
      shopClosed={closedMessage !== undefined}
    />
  );
}

export { CategoryPage as Component };
