import type { Dashboard } from '@contract/admin-wire';
import { Link } from 'react-router-dom';
import { adminPaths } from '../../../../config/admin-paths';
import { taka } from '../../../../lib/format';
import { dayLabel } from '../../kit/format';

/** Minutes as the dashboard shows them, or a dash when there is nothing to measure yet. */
const minutes = (value: number | null) => (value === null ? '—' : `${value} min`);

/** Today's figures and what needs an operator: the queues and the vouchers running out. */
export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const { today, deliveries } = dashboard;
  const figures = [
    { label: 'Orders', count: today.orders, amount: today.orders_amount, note: 'placed; refunds not in the sum' },
    { label: 'Codes sold', count: today.codes_sold, amount: today.codes_amount, note: 'codes delivered' },
    { label: 'Top-ups', count: today.topups, amount: today.topups_amount, note: 'credited to wallets' },
  ];
  return (
    <>
      <section aria-labelledby="today-title">
        <h2 id="today-title" className="admin-subtitle">
          Today, {dayLabel(dashboard.day)} <span className="muted">(Dhaka time, from midnight)</span>
        </h2>
        <ul className="figure-grid">
          {figures.map((figure) => (
            <li key={figure.label} className="figure-card">
              <p className="figure-label">{figure.label}</p>
              <p className="figure-count">{figure.count}</p>
              <p className="figure-amount">{taka(figure.amount)}</p>
              <p className="figure-note">{figure.note}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title" className="admin-subtitle">
          Deliveries today <span className="muted">(from payment to delivery)</span>
        </h2>
        <ul className="figure-grid" data-testid="dashboard-deliveries">
          <li className="figure-card">
            <p className="figure-label">Automatic</p>
            <p className="figure-count">{deliveries.automatic}</p>
            <p className="figure-note">by code stock or a supplier</p>
          </li>
          <li className="figure-card">
            <p className="figure-label">Manual</p>
            <p className="figure-count">{deliveries.manual}</p>
            <p className="figure-note">completed by an operator</p>
          </li>
          <li className="figure-card">
            <p className="figure-label">Median</p>
            <p className="figure-count">{minutes(deliveries.median_minutes)}</p>
            <p className="figure-note">90th percentile {minutes(deliveries.p90_minutes)}</p>
          </li>
        </ul>
      </section>
      <section aria-labelledby="attention-title">
        <h2 id="attention-title" className="admin-subtitle">
          Needs attention
        </h2>
        <ul className="attention-list">
          <li className={dashboard.pending_orders > 0 ? 'attention attention-wait' : 'attention'}>
            <span>
              <strong>{dashboard.pending_orders}</strong> pending {dashboard.pending_orders === 1 ? 'order' : 'orders'}
            </span>
            <Link className="button button-primary button-small" to={adminPaths.orders('pending')}>
              Open the queue
            </Link>
          </li>
          <li className={dashboard.pending_topups > 0 ? 'attention attention-wait' : 'attention'}>
            <span>
              <strong>{dashboard.pending_topups}</strong> pending {dashboard.pending_topups === 1 ? 'top-up' : 'top-ups'}
            </span>
            <Link className="button button-ghost button-small" to={adminPaths.walletRequests('pending')}>
              See top-ups
            </Link>
          </li>
          <li className={dashboard.low_stock.length > 0 ? 'attention attention-wait attention-stock' : 'attention attention-stock'}>
            <span>
              <strong>{dashboard.low_stock.length}</strong> {dashboard.low_stock.length === 1 ? 'voucher' : 'vouchers'} low on codes
            </span>
            {dashboard.low_stock.length > 0 && (
              <ul className="stock-list">
                {dashboard.low_stock.map((voucher) => (
                  <li key={voucher.voucher_id}>
                    <Link className="text-link wrap" to={adminPaths.codes(voucher.voucher_id)}>
                      {voucher.voucher_name}
                    </Link>
                    <span className={voucher.stock === 0 ? 'badge badge-danger' : 'badge badge-muted'}>
                      {voucher.stock === 0 ? 'Sold out' : `${voucher.stock} left`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        </ul>
      </section>
    </>
  );
}
