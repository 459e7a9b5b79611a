import { Link } from 'react-router-dom';
import { Receipt, type ReceiptTone } from '../../../components/receipt';
import { paths } from '../../../config/paths';
import { type OrderDetail, useOrder } from '../api/get-order';
import { buyAgainPath } from '../buy-again';
import { checkingMinutes } from '../delivery';
import { useT } from '../messages';
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

/** Where a paid order stands, in the shop's words (the current language's), and what happens next. */
function standing(
  order: OrderDetail,
  { t, taka }: ReturnType<typeof useT>,
): { tone: ReceiptTone; title: string; status: string; next: string } {
  if (order.awaiting_payment)
    return {
      tone: 'wait',
      title: t('orders.receiptConfirmingTitle'),
      status: t('orders.receiptConfirmingStatus'),
      next: t('orders.receiptConfirmingNext'),
    };
  if (order.payment_cancelled)
    return {
      tone: 'off',
      title: t('orders.receiptNotPaidTitle'),
      status: t('orders.receiptNotPaidStatus'),
      next: t('orders.receiptNotPaidNext'),
    };
  if (order.status === 'refunded')
    return {
      tone: 'ok',
      title: t('orders.receiptPaidTitle'),
      status: t('orders.receiptRefundedStatus', { amount: taka(order.paid_amount) }),
      next: t('orders.receiptRefundedNext'),
    };
  if (order.status === 'completed' || order.delivery.state === 'delivered')
    return {
      tone: 'ok',
      title: t('orders.receiptPaidTitle'),
      status: t('orders.receiptDeliveredStatus'),
      next: order.delivery.code ? t('orders.receiptCodeNext') : t('orders.receiptGameNext'),
    };
  if (order.status === 'pending' && order.delivery.state === 'checking')
    return {
      tone: 'wait',
      title: t('orders.receiptPaidTitle'),
      status: t('orders.receiptCheckingStatus', { minutes: checkingMinutes(order) }),
      next: t('orders.receiptCheckingNext'),
    };
  return {
    tone: 'ok',
    title: t('orders.receiptPaidTitle'),
    status: t('orders.receiptDeliveringStatus'),
    next: t('orders.receiptDeliveringNext'),
  };
}

/**
 * The receipt of a gateway-paid order, the same in whichever tab shows it: a tick, the pack, the
 * player ID, the order number, the amount, where it stands in words, what happens next, Buy
 * again and a chat about it.
 */
export function OrderReceipt({ id, buyAgain, note, heading }: OrderReceiptProps) {
  const words = useT();
  const { t, taka } = words;
  const { data: order, error } = useOrder(id);
  if (!order && error)
    return (
      <p className="notice notice-warn" role="alert">
        {t('orders.receiptLoadFailed')}{' '}
        <Link className="text-link" to={paths.profileOrders}>
          {t('orders.myOrders')}
        </Link>
      </p>
    );
  if (!order)
    return (
      <p className="notice notice-wait" role="status">
        {t('orders.checkingPayment')}
      </p>
    );
  const { tone, title, status, next } = standing(order, words);
  const rows: [string, React.ReactNode][] = [
    [t('orders.rowPack'), orderTitle(order)],
    [
      t('orders.rowPlayerId'),
      <span key="player" className="player-id-text">
        {order.saccount_id}
      </span>,
    ],
    [
      t('orders.rowOrderNumber'),
      <span key="order" className="mono">
        {order.order_id}
      </span>,
    ],
    [t('orders.labelAmount'), `${taka(order.paid_amount)} · ${paidByLabel(order.paid_by, t)}`],
    ...(order.discount > 0
      ? [[t('orders.labelDiscount', { code: order.coupan_code }), `−${taka(order.discount)}`] satisfies [string, React.ReactNode]]
      : []),
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
            {order.payment_cancelled ? t('orders.chooseAgain') : t('orders.buyAgain')}
          </Link>
          <Link className="button button-ghost button-small" to={paths.profileOrder(order.order_id)}>
            {t('orders.viewOrder')}
          </Link>
        </>
      }
    >
      <OrderChat orderId={order.order_id} />
    </Receipt>
  );
}
