import type { WireStatus } from '@contract/wire';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type OrderSort, adminPaths, defaultOrderSort } from '../../../config/admin-paths';
import { useAdminOrders } from '../../../features/admin/api/get-orders';
import { PagedList } from '../../../features/admin/components/list-states';
import { OrdersTable } from '../../../features/admin/components/orders-table';
import { StatusTabs } from '../../../features/admin/components/status-tabs';

const statuses: { status: WireStatus; label: string; empty: string }[] = [
  { status: '0', label: 'Pending', empty: 'No pending orders. The queue is clear.' },
  { status: '1', label: 'Completed', empty: 'No completed orders yet.' },
  { status: '2', label: 'Refunded', empty: 'No refunded orders.' },
];

/** Reads a status from the URL; anything else is the pending queue. */
const statusParam = (value: string | null): WireStatus => (value === '1' || value === '2' ? value : '0');

/** The orders queue: ?status=0|1|2&sort=oldest|newest, the filter in the URL. */
export function OrdersPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = statusParam(params.get('status'));
  const sortParam = params.get('sort');
  const sort: OrderSort = sortParam === 'oldest' || sortParam === 'newest' ? sortParam : defaultOrderSort(status);
  const list = useAdminOrders({ status, sort });
  const current = statuses.find((entry) => entry.status === status)!;
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Orders</h1>
        <button type="button" className="button button-ghost button-small" onClick={list.reload} disabled={list.isLoading}>
          Refresh
        </button>
      </div>
      <div className="admin-filters">
        <StatusTabs label="Order status" tabs={statuses.map((entry) => ({ label: entry.label, to: adminPaths.orders(entry.status), active: entry.status === status }))} />
        <label className="sort-select">
          <span className="visually-hidden">Sort</span>
          <select className="input" value={sort} onChange={(event) => navigate(adminPaths.orders(status, event.target.value as OrderSort), { replace: true })}>
            <option value="oldest">Oldest first</option>
            <option value="newest">Newest first</option>
          </select>
        </label>
      </div>
      <PagedList list={list} what="orders" empty={current.empty}>
        {(orders) => <OrdersTable orders={orders} />}
      </PagedList>
    </section>
  );
}

export { OrdersPage as Component };
