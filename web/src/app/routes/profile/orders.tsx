import './money-pages.css';
import { useOrders } from '../../../features/orders/api/get-orders';
import { OrderHistory } from '../../../features/orders/components/order-history';
import { usePaymentReturn } from '../../../features/payments/use-payment-return';

/** My Orders: plan orders, and the gateway's return for orders paid there. */
export function OrdersPage() {
  const { data, isLoading } = useOrders();
  usePaymentReturn();
  return (
    <section className="panel">
      <div className="panel-head">
        <h1>My Orders</h1>
      </div>
      <p className="muted">Top-ups are usually delivered within 5-10min.</p>
      {isLoading ? <div className="skeleton table-skeleton" /> : <OrderHistory orders={data ?? []} />}
    </section>
  );
}

export { OrdersPage as Component };
