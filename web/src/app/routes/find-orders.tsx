import '../../features/orders/orders.css';
import { FindGuestOrders } from '../../features/orders/components/find-guest-orders';
import { ordersMessages } from '../../features/orders/messages';
import { usePrivatePage } from '../../lib/private-page';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [ordersMessages];

/** /find-orders: a guest's orders by their e-mail or mobile number and a one-time code. */
export function FindOrdersPage() {
  usePrivatePage();
  return (
    <div className="container page">
      <FindGuestOrders />
    </div>
  );
}

export { FindOrdersPage as Component };
