import './profile/money-pages.css';
import { useParams } from 'react-router-dom';
import { GuestOrderDetail } from '../../features/orders/components/order-detail';
import { ordersMessages } from '../../features/orders/messages';
import { paymentsMessages } from '../../features/payments/messages';
import { notificationsMessages } from '../../features/notifications/messages';
import { usePrivatePage } from '../../lib/private-page';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [notificationsMessages, ordersMessages, paymentsMessages];

/** /order/{token}: a guest's order by the secret of its link (not indexed; the token goes nowhere else). */
export function GuestOrderPage() {
  const { token = '' } = useParams();
  usePrivatePage();
  return (
    <div className="container page">
      <GuestOrderDetail key={token} token={token} />
    </div>
  );
}

export { GuestOrderPage as Component };
