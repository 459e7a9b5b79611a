import { Link } from 'react-router-dom';
import { adminPaths } from '../../../../config/admin-paths';
import { deliveryModeBadges, deliveryStateLabel } from '../../kit/delivery-words';
import { AdminTable, type Column, TimeAgo } from '../../kit/components/admin-table';
import type { AdminOrder } from '../../orders/api/get-orders';
import type { AdminDeliveries } from '../api/get-deliveries';
import { SupplierCard } from './supplier-card';

/** The order's id as a link to its page, and the player it goes to. */
const orderColumn: Column<AdminOrder> = {
  header: 'Order',
  lead: true,
  cell: (order) => (
    <>
      <Link className="text-link mono" to={adminPaths.order(order.order_id)}>
        {order.order_id}
      </Link>
      <small className="muted block wrap">
        {order.saccount_id}
        {order.delivery.player_name && ` · ${order.delivery.player_name}`}
      </small>
    </>
  ),
};

const planColumn: Column<AdminOrder> = {
  header: 'Plan',
  cell: (order) => (
    <span>
      {order.plan_name} <span className="badge badge-info">{deliveryModeBadges[order.delivery.mode] ?? 'Manual'}</span>
    </span>
  ),
};

const openColumns: Column<AdminOrder>[] = [
  orderColumn,
  planColumn,
  { header: 'State', cell: (order) => deliveryStateLabel(order.status, order.delivery.state) },
  { header: 'Attempts', cell: (order) => order.delivery.attempts },
  { header: 'Placed', cell: (order) => <TimeAgo iso={order.created_at} /> },
];

const failedColumns: Column<AdminOrder>[] = [
  orderColumn,
  planColumn,
  { header: 'Why', className: 'wrap', cell: (order) => order.delivery.reason || '—' },
  { header: 'Attempts', cell: (order) => order.delivery.attempts },
  { header: 'Placed', cell: (order) => <TimeAgo iso={order.created_at} /> },
];

/** What automatic delivery needs an eye on: deliveries under way (oldest first), today's failures, paused plans, and the suppliers. */
export function DeliveriesView({ deliveries }: { deliveries: AdminDeliveries }) {
  return (
    <>
      <section aria-labelledby="open-deliveries">
        <h2 id="open-deliveries" className="admin-subtitle">
          Under way <span className="muted">({deliveries.open.length}, oldest first)</span>
        </h2>
        {deliveries.open.length > 0 ? (
          <AdminTable
            rows={deliveries.open}
            columns={openColumns}
            rowKey={(order) => order.order_id}
            rowAttributes={(order) => ({ 'data-order-id': order.order_id })}
          />
        ) : (
          <p className="empty-state">No delivery under way.</p>
        )}
      </section>
      <section aria-labelledby="failed-deliveries">
        <h2 id="failed-deliveries" className="admin-subtitle">
          Failed today <span className="muted">(refunded to the wallet)</span>
        </h2>
        {deliveries.failed.length > 0 ? (
          <AdminTable
            rows={deliveries.failed}
            columns={failedColumns}
            rowKey={(order) => order.order_id}
            rowAttributes={(order) => ({ 'data-order-id': order.order_id })}
          />
        ) : (
          <p className="empty-state">No failed delivery today.</p>
        )}
      </section>
      <section aria-labelledby="paused-plans">
        <h2 id="paused-plans" className="admin-subtitle">
          Paused plans
        </h2>
        {deliveries.paused_plans.length > 0 ? (
          <ul className="attention-list">
            {deliveries.paused_plans.map((plan) => (
              <li key={plan.plans_id} className="attention attention-wait" data-plan-id={plan.plans_id}>
                <span className="wrap">
                  <strong>{plan.pname}</strong>
                  <small className="muted block">{plan.reason}</small>
                </span>
                <Link className="button button-ghost button-small" to={adminPaths.catalog()}>
                  Open the catalog
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">Every automatic plan is delivering.</p>
        )}
      </section>
      <section aria-labelledby="suppliers">
        <h2 id="suppliers" className="admin-subtitle">
          Suppliers
        </h2>
        <ul className="attention-list">
          {deliveries.suppliers.map((supplier) => (
            <SupplierCard key={supplier.name} supplier={supplier} />
          ))}
        </ul>
      </section>
    </>
  );
}
