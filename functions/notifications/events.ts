import type { TransactionItem } from '../shared/transactions';
import { notificationItem } from './repo';

/**
 * The notifications of the shopper's events, worded once: each is an item for the transaction of
 * the change it tells of. No code, password or token is ever in one (a code is read on its page).
 */
const taka = (amount: number) => `৳${amount.toLocaleString('en-IN')}`;

const orderPage = (orderId: string) => `/profile/order/${encodeURIComponent(orderId)}`;

interface OrderFacts {
  userId: string;
  orderId: string;
  planName: string;
  accountId: string;
  price: number;
}

/** A plan order was delivered (by the supplier, from stock, or by an operator). */
export const orderDeliveredNotice = (order: OrderFacts, fromStock: boolean, now: string): TransactionItem =>
  notificationItem(
    {
      userId: order.userId,
      kind: 'order_delivered',
      title: `Delivered: ${order.planName}`,
      body: fromStock ? 'Your code is ready on the order page.' : `${order.planName} reached player ${order.accountId}.`,
      link: orderPage(order.orderId),
      subject: order.orderId,
    },
    now,
  );

/** A plan order was refunded to the wallet (a failed delivery, or an operator's refund), with the reason the shopper reads. */
export const orderRefundedNotice = (order: OrderFacts, remark: string, now: string): TransactionItem =>
  notificationItem(
    {
      userId: order.userId,
      kind: 'order_refunded',
      title: `Refunded: ${order.planName}`,
      body: `${taka(order.price)} went back to your wallet.${remark ? ` ${remark}` : ''}`,
      link: orderPage(order.orderId),
      subject: order.orderId,
    },
    now,
  );

/** Codes were bought (the codes themselves only on My Codes). */
export const codesBoughtNotice = (
  sale: { userId: string; orderId: string; voucherName: string; qty: number; total: number },
  now: string,
): TransactionItem =>
  notificationItem(
    {
      userId: sale.userId,
      kind: 'codes_bought',
      title: `Codes bought: ${sale.voucherName}`,
      body: `${sale.qty} code${sale.qty > 1 ? 's' : ''} for ${taka(sale.total)}. Open My Codes to copy them.`,
      link: '/profile/userCode',
      subject: sale.orderId,
    },
    now,
  );

/** Money was credited to the wallet (a top-up, or an order paid after it was cancelled). */
export const walletCreditedNotice = (credit: { userId: string; amount: number; reason: string; subject: string }, now: string) =>
  notificationItem(
    {
      userId: credit.userId,
      kind: 'wallet_credited',
      title: `${taka(credit.amount)} added to your wallet`,
      body: credit.reason,
      link: '/profile/userWallet',
      subject: credit.subject,
    },
    now,
  );
