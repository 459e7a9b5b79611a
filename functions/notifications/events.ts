import type { GatewayReceipt } from '../shared/receipt';
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

/** How a purchase was paid, as a receipt says it: the wallet, or the provider and its transaction id. */
const paidWith = (receipt: Pick<GatewayReceipt, 'paymentMethod' | 'transactionId'> | undefined) =>
  receipt
    ? { paidWith: receipt.paymentMethod || 'Payment gateway', gatewayTransactionId: receipt.transactionId || undefined }
    : { paidWith: 'Wallet' };

/** A top-up order was paid (from the wallet, or its gateway payment settled): its receipt. */
export const orderPaidNotice = (
  order: OrderFacts & { gameName: string; paidAt: string; receipt?: Pick<GatewayReceipt, 'paymentMethod' | 'transactionId'> },
  now: string,
): TransactionItem =>
  notificationItem(
    {
      userId: order.userId,
      kind: 'order_paid',
      title: `Order received: ${order.planName}`,
      body: `${taka(order.price)} paid for ${order.planName} (${order.gameName}) to player ${order.accountId}. We are delivering it now.`,
      link: orderPage(order.orderId),
      subject: order.orderId,
      receipt: {
        reference: order.orderId,
        item: `${order.gameName} · ${order.planName}`,
        playerId: order.accountId,
        amount: order.price,
        ...paidWith(order.receipt),
        paidAt: order.paidAt,
      },
    },
    now,
  );

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

/** Codes were bought: the receipt, which mails the codes to a proven address (the list shows only the words). */
export const codesBoughtNotice = (
  sale: { userId: string; orderId: string; voucherName: string; qty: number; total: number; codes: string[] },
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
      receipt: {
        reference: sale.orderId,
        item: `${sale.voucherName} × ${sale.qty}`,
        amount: sale.total,
        paidWith: 'Wallet',
        paidAt: now,
        codes: sale.codes,
      },
    },
    now,
  );

/**
 * Money was credited to the wallet: a top-up paid through the gateway (with its receipt), or an
 * order paid after it was cancelled.
 */
export const walletCreditedNotice = (
  credit: { userId: string; amount: number; reason: string; subject: string; receipt?: GatewayReceipt },
  now: string,
) =>
  notificationItem(
    {
      userId: credit.userId,
      kind: 'wallet_credited',
      title: `${taka(credit.amount)} added to your wallet`,
      body: credit.reason,
      link: '/profile/userWallet',
      subject: credit.subject,
      receipt: credit.receipt && {
        reference: credit.subject,
        item: 'Wallet top-up',
        amount: credit.amount,
        ...paidWith(credit.receipt),
        paidAt: now,
      },
    },
    now,
  );

/** A payment at the gateway was cancelled (by the payer, or given up after it never came). */
export const paymentCancelledNotice = (
  payment: { userId: string; subject: string; what: string; amount: number; reason: string; link: string },
  now: string,
) =>
  notificationItem(
    {
      userId: payment.userId,
      kind: 'payment_cancelled',
      title: `Payment cancelled: ${payment.what}`,
      body: `The ${taka(payment.amount)} payment was not completed, and nothing was charged. ${payment.reason}`.trim(),
      link: payment.link,
      subject: payment.subject,
    },
    now,
  );

/** The account's password was set, changed or reset (a security notice: mailed whatever the settings, to a proven address only). */
export const passwordChangedNotice = (userId: string, how: 'set' | 'changed' | 'reset', now: string) =>
  notificationItem(
    {
      userId,
      kind: 'password_changed',
      title: `Your password was ${how}`,
      body: `The password of your shop account was ${how}, and every other session was signed out. If this wasn't you, use "Forgot password" at once to set a new one.`,
      link: '/profile/userSecurity',
      subject: userId,
    },
    now,
  );
