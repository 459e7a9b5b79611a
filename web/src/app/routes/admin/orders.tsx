import { useNavigate, useSearchParams } from 'react-router-dom';
import { type OrderSort, adminPaths, defaultOrderSort } from '../../../config/admin-paths';
import { useAdminOrders } from '../../../features/admin/orders/api/get-orders';
import { FilterTabs } from '../../../features/admin/kit/components/filter-tabs';
import { ListPage } from '../../../features/admin/kit/components/list-page';
import { OrdersTable } from '../../../features/admin/orders/components/orders-table';
import { type OrderStatus, orderStatusParam } from '../../../lib/statuses';

const statuses: { status: OrderStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Pending', empty: 'No pending orders. The queue is clear.' },
  { status: 'completed', label: 'Completed', empty: 'No completed orders yet.' },
  { status: 'refunded', label: 'Refunded', empty: 'No refunded orders.' },
];

/** The orders queue: ?status=0|1|2&sort=oldest|newest, the filter in the URL. */
export function OrdersPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = orderStatusParam(params.get('status'));
  const sortParam = params.get('sort');
  const sort: OrderSort = sortParam === 'oldest' || sortParam === 'newest' ? sortParam : defaultOrderSort(status);
  const list = useAdminOrders({ status, sort });
  const current = statuses.find((entry) => entry.status === status)!;
  const filters = (
    <>
      <FilterTabs
        label="Order status"
        tabs={statuses.map((entry) => ({ label: entry.label, to: adminPaths.orders(entry.status), active: entry.status === status }))}
      />
      <label className="sort-select">
        <span className="visually-hidden">Sort</span>
        <select
          className="input"
          value={sort}
          onChange={(event) => navigate(adminPaths.orders(status, event.target.value as OrderSort), { replace: true })}
        >
          <option value="oldest">Oldest first</option>
          <option value="newest">Newest first</option>
        </select>
      </label>
    </>
  );
  return (
    <ListPage title="Orders" filters={filters} list={list} what="orders" empty={current.empty}>
      {(orders) => <OrdersTable orders={orders} listStatus={status} />}
    </ListPage>
  );
}

export { OrdersPage as Component };
