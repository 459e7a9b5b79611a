import { Trans } from '@lingui/react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { Translate } from '../../../lib/i18n';
import { OrderReceipt } from '../../orders/components/order-receipt';
import { type CheckoutWords, CheckoutNotice } from '../../payments/components/checkout-notice';
import { PaymentActions } from '../../payments/components/payment-actions';
import type { PlanOrderInput } from '../api/place-order';
import { deliveryEstimate } from '../delivery-estimate';
import { useT } from '../messages';
import type { OrderCheckout } from '../use-order-checkout';
import type { OrderChoice } from '../use-order-choice';

/** The order form's words for its gateway payment, in the current language (`t` and `number` from `useT()`). */
const checkoutWordsIn = (t: Translate, number: (whole: number) => string): CheckoutWords<PlanOrderInput> => ({
  waiting: () => t('catalog.checkoutWaiting'),
  paid: () => t('catalog.checkoutPaid', { estimate: deliveryEstimate(t, number) }),
  paidLink: (_order, payment) => ({ to: paths.profileOrder(payment.id), label: t('catalog.viewOrder') }),
  receipt: (_order, payment) => <OrderReceipt id={payment.id} buyAgain={payment.from} />,
  cancelled: () => t('catalog.checkoutCancelled'),
});

/**
 * What the order form says above its summary bar: where its gateway payment stands, a payment for
 * the same top-up that already waits, and a wallet too low for the pack (with the way to add money).
 */
export function OrderNotes({ choice, checkout }: { choice: OrderChoice; checkout: OrderCheckout }) {
  const { t, taka, number } = useT();
  const { gateway, waitingSame } = checkout;
  const { plan, balance } = choice;
  return (
    <div className="order-notes">
      <CheckoutNotice checkout={gateway} words={checkoutWordsIn(t, number)} heading="h3" onRetry={(order) => void gateway.pay(order)} />
      {waitingSame && (
        <div className="waiting-payment" role="status">
          <p>{t('catalog.paymentAlreadyWaiting')}</p>
          <PaymentActions
            payment={{ kind: 'order', id: waitingSame.order_id, paymentUrl: waitingSame.payment_url, from: choice.herePath() }}
          />
        </div>
      )}
      {choice.walletShort && plan && (
        <p className="notice notice-warn">
          <Trans
            id="catalog.walletShort"
            values={{ balance: taka(balance), price: taka(plan.price) }}
            components={{
              0: (
                <Link
                  to={`${paths.addMoney}?amount=${plan.price - balance}&return=${encodeURIComponent(choice.herePath())}&for=${encodeURIComponent(plan.pname)}`}
                />
              ),
            }}
          />
        </p>
      )}
    </div>
  );
}
