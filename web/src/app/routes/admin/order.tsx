import { Link, useParams } from 'react-router-dom';
import { adminPaths } from '../../../config/admin-paths';
import { useAdminOrder } from '../../../features/admin/orders/api/get-order';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { OrderDetail } from '../../../features/admin/orders/components/order-detail';

/** One order, everything of it; a revealed password is gone when the page is left. */
export function OrderPage() {
  const { id = '' } = useParams();
  const { data, error, mutate } = useAdminOrder(id);
  return (
    <section className="admin-page">
      <div className="admin-head">
        <Link className="text-link" to={adminPaths.orders(data?.status ?? 'pending')}>
          ← Orders
        </Link>
      </div>
      {data ? (
        <OrderDetail key={data.order_id} order={data} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the order" />
      ) : (
        <Loading label="Loading the order" />
      )}
    </section>
  );
}

export { OrderPage as Component };
