import { Link } from 'react-router-dom';
import { Receipt, type ReceiptTone } from '../../../components/receipt';
import { paths } from '../../../config/paths';
import { taka } from '../../../lib/format';
import { type OrderDetail, useOrder } from '../api/get-order';
import { buyAgainPath } from '../buy-again';
import { OrderChat } from './order-chat';
import { orderTitle, paidByLabel } from './order-history';

interface OrderReceiptProps {
  id: string;
  /** Where Buy again leads when the page knows better (the choice as the form had it); else the order's own (`buyAgainPath`). */
  buyAgain?: string;
  /** A line for this tab's situation (the other tab may be closed). */
  note?: string;
  /** h1 where the receipt is the page. */
  heading?: 'h1' | 'h2';
}

/** Where a paid order stands, in the shop's words, and what happens next. */
function standing(order: OrderDetail): { tone: ReceiptTone; title: string; status: string; next: string } {
  if (order.awaiting_payment)
    return {
      tone: 'wait',
      title: 'Payment being confirmed',
      status: 'Waiting for the payment provider',
      next: 'The provider is confirming your payment; this can take a few hours. You do not need to pay again: the top-up starts as soon as it is confirmed.',
    };
  if (order.payment_cancelled)
    return {
      tone: 'off',
      title: 'Payment not completed',
      status: 'Not paid — nothing was taken',
      next: 'The order was not placed. You can choose the pack again and pay.',
    };
  if (order.status === 'refunded')
    return {
      tone: 'ok',
      title: 'Payment received',
      status: `Refunded ${taka(order.paid_amount)} to your wallet`,
      next: 'The money is in your wallet: use it for your next top-up, or write to us below.',
    };
  if (order.status === 'completed' || order.delivery.state === 'delivered')
    return {
      tone: 'ok',
      title: 'Payment received',
      status: 'Delivered',
      next: order.delivery.code ? 'Your code is on the order page, ready to copy.' : 'Open the game to see your top-up.',
    };
  return {
    tone: 'ok',
    title: 'Payment received',
    status: 'Paid — being delivered, usually within minutes',
    next: 'We top up this player ID now. This receipt changes to Delivered when it is done, and the order stays in My Orders.',
  };
}

/**
 * The receipt of a gateway-paid order, the same in whichever tab shows it: a tick, the pack, the
 * player ID, the order number, the amount, where it stands in words, what happens next, Buy
 * again and a chat about it.
 */
export function OrderReceipt({ id, buyAgain, note, heading }: OrderReceiptProps) {
  const { data: order, error } = useOrder(id);
  if (!order && error)
    return (
      <p className="notice notice-warn" role="alert">
        This order could not be shown.{' '}
        <Link className="text-link" to={paths.profileOrders}>
          My Orders
        </Link>
      </p>
    );
  if (!order)
    return (
      <p className="notice notice-wait" role="status">
        Checking your payment…
      </p>
    );
  const { tone, title, status, next } = standing(order);
  const rows: [string, React.ReactNode][] = [
    ['Pack', orderTitle(order)],
    [
      'Player ID',
      <span key="player" className="player-id-text">
        {order.saccount_id}
      </span>,
    ],
    [
      'Order number',
      <span key="order" className="mono">
        {order.order_id}
      </span>,
    ],
    ['Amount', `${taka(order.paid_amount)} · ${paidByLabel(order.paid_by)}`],
  ];
  return (
    <Receipt
      tone={tone}
      title={title}
      status={status}
      rows={rows}
      next={next}
      note={note}
      heading={heading}
      actions={
        <>
          <Link
            className="button button-primary button-small"
            to={buyAgain ?? (order.game_id && order.plan_id ? buyAgainPath(order) : paths.playerIdTopup)}
          >
            {order.payment_cancelled ? 'Choose again' : 'Buy again'}
          </Link>
          <Link className="button button-ghost button-small" to={paths.profileOrder(order.order_id)}>
            View order
          </Link>
        </>
      }
    >
      <OrderChat orderId={order.order_id} />
    </Receipt>
  );
}
