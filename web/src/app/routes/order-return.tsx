import { GuestPaymentReturn } from '../../features/orders/components/guest-payment-return';
import { ordersMessages } from '../../features/orders/messages';
import { usePrivatePage } from '../../lib/private-page';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [ordersMessages];

/** /order/return: where the gateway sends a guest back, on to their order's page. */
export function OrderReturnPage() {
  usePrivatePage();
  return (
    <div className="container page">
      <GuestPaymentReturn />
    </div>
  );
}

export { OrderReturnPage as Component };
