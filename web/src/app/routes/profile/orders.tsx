import './money-pages.css';
import { useSWRConfig } from 'swr';
import { useOrders } from '../../../features/orders/api/get-orders';
import { AddGuestOrders } from '../../../features/orders/components/add-guest-orders';
import { OrderHistory } from '../../../features/orders/components/order-history';
import { OrderReceipt } from '../../../features/orders/components/order-receipt';
import { ordersMessages, useT } from '../../../features/orders/messages';
import { PaymentReturn } from '../../../features/payments/components/payment-return';
import { userKey } from '../../../lib/auth';
import { ordersKey } from '../../../lib/cache-keys';
import { useListFollowsPayments } from '../../../features/payments/payment-follow';
import { paymentsMessages } from '../../../features/payments/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [ordersMessages, paymentsMessages];

/** My Orders: plan orders, newest first (those awaiting payment among them), or, when the gateway sends the payer back here, that order's receipt. */
export function OrdersPage() {
  const { t } = useT();
  const { data, isLoading } = useOrders();
  const { mutate } = useSWRConfig();
  useListFollowsPayments(
    Boolean(data?.some((order) => order.awaiting_payment)),
    () => void Promise.all([mutate(ordersKey), mutate(userKey)]),
  );
  return (
    <PaymentReturn kind="order" receipt={({ id, from, note }) => <OrderReceipt id={id} buyAgain={from} note={note} heading="h1" />}>
      <section className="panel">
        <div className="panel-head">
          <h1>{t('orders.myOrders')}</h1>
        </div>
        <p className="muted">{t('orders.deliveryEstimate')}</p>
        <AddGuestOrders />
        {isLoading ? <div className="skeleton table-skeleton" /> : <OrderHistory orders={data ?? []} />}
      </section>
    </PaymentReturn>
  );
}

export { OrdersPage as Component };
