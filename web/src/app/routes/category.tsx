import { useParams, useSearchParams } from 'react-router-dom';
import { TopUpCategory } from '../../features/catalog/components/top-up-category';
import { useShopStatus } from '../../features/content/api/get-shop-status';

/** /category/{id}: a game's top-up page; the open order form's group is kept in ?group= (its plan and mode beside it). */
export function CategoryPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { closedMessage } = useShopStatus();
  return (
    <TopUpCategory
      key={id}
      categoryId={id}
      selectedGroupId={search.get('group')}
      onSelectGroup={(group) => setSearch({ group }, { replace: true, preventScrollReset: true })}
      shopClosed={closedMessage !== undefined}
    />
  );
}

export { CategoryPage as Component };
