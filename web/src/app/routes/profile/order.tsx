import './money-pages.css';
import { useParams } from 'react-router-dom';
import { OrderDetail } from '../../../features/orders/components/order-detail';
import { notificationsMessages } from '../../../features/notifications/messages';
import { ordersMessages } from '../../../features/orders/messages';
import { paymentsMessages } from '../../../features/payments/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [notificationsMessages, ordersMessages, paymentsMessages];

/** /profile/order/{id}: one order and its timeline. */
export function OrderPage() {
  const { id = '' } = useParams();
  return <OrderDetail key={id} id={id} />;
}

export { OrderPage as Component };
