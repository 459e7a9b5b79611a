import { useParams } from 'react-router-dom';
import { useMasterCategories } from '../../features/catalog/api/get-master-categories';
import { useShopStatus } from '../../features/content/api/get-shop-status';
import { VoucherList } from '../../features/vouchers/components/voucher-list';

/** /voucher/{id}: a gift-card brand's vouchers. */
export function VoucherPage() {
  const { id = '' } = useParams();
  const { data: categories } = useMasterCategories();
  const { closedMessage } = useShopStatus();
  return <VoucherList key={id} brandId={id} brand={categories?.find((category) => category.id === id)} shopClosedMessage={closedMessage} />;
}

export { VoucherPage as Component };
