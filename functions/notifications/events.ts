import { groupDigits, taka } from '../contract/format';
import type { GatewayReceipt } from '../shared/receipt';
import type { TransactionItem } from '../shared/transactions';
import { type Notification, notificationItem } from './repo';

/**
 * The notifications of the shopper's events, worded once in each of the shop's languages: each is
 * an item for the transaction of the change it tells of (the list, the mail and the push take the
 * reader's language from it). No code, password or token is ever in one (a code is read on its
 * page). Names (games, packs, vouchers), player ids, order ids and a supplier's or operator's
 * own words are never translated.
 */
const bnTaka = (amount: number) => taka(amount, 'bn');

const orderPage = (orderId: string) => `/profile/order/${encodeURIComponent(orderId)}`;

/** Where a guest's later notices point: "Find my orders" (the table keeps no link's secret to put in them). */
const guestOrdersPage = '/find-orders';

/** A notice's link and, for a guest's order, the contact it goes to (they have no account to read it in). */
const orderNoticeTarget = (order: { orderId: string; guest?: Notification['to'] }) =>
  order.guest ? { link: guestOrdersPage, to: order.guest } : { link: orderPage(order.orderId) };

interface OrderFacts {
  userId: string;
  orderId: string;
  planName: string;
  accountId: string;
  price: number;
  /** The list price when a code or a sale took something off it, and the code if one did. */
  listPrice?: number;
  coupanCode?: string;
  /** A guest's order: the contact and language its notices go to. */
  guest?: Notification['to'];
}

/** How a purchase was paid, as a receipt says it: the wallet, or the provider and its transaction id. */
const paidWith = (receipt: Pick<GatewayReceipt, 'paymentMethod' | 'transactionId'> | undefined) =>
  receipt
    ? { paidWith: receipt.paymentMethod || 'Payment gateway', gatewayTransactionId: receipt.transactionId || undefined }
    : { paidWith: 'Wallet' };

/** A top-up order was paid (from the wallet, or its gateway payment settled): its receipt; a guest's opens their order's `link`. */
export const orderPaidNotice = (
  order: OrderFacts & {
    gameName: string;
    paidAt: string;
    receipt?: Pick<GatewayReceipt, 'paymentMethod' | 'transactionId'>;
  },
  now: string,
  link = orderPage(order.orderId),
): TransactionItem =>
  notificationItem(
    {
      userId: order.userId,
      kind: 'order_paid',
      title: `Order received: ${order.planName}`,
      body: `${taka(order.price)} paid for ${order.planName} (${order.gameName}) to player ${order.accountId}. We are delivering it now.`,
      bn: {
        title: `অর্ডার পেয়েছি: ${order.planName}`,
        body: `${order.planName} (${order.gameName}) প্লেয়ার ${order.accountId}-এর জন্য ${bnTaka(order.price)} পেমেন্ট হয়েছে। আমরা এখনই ডেলিভারি করছি।`,
      },
      link,
      subject: order.orderId,
      // A guest's receipt goes to the contact they gave, with their order's secret link.
      ...(order.guest ? { to: order.guest } : {}),
      receipt: {
        reference: order.orderId,
        item: `${order.gameName} · ${order.planName}`,
        playerId: order.accountId,
        amount: order.price,
        ...(order.listPrice !== undefined && order.listPrice > order.price
          ? { listPrice: order.listPrice, ...(order.coupanCode ? { coupanCode: order.coupanCode } : {}) }
          : {}),
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
      bn: {
        title: `ডেলিভারি হয়েছে: ${order.planName}`,
        body: fromStock ? 'আপনার কোড অর্ডারের পেজে তৈরি আছে।' : `${order.planName} প্লেয়ার ${order.accountId}-এর কাছে পৌঁছে গেছে।`,
      },
      ...orderNoticeTarget(order),
      subject: order.orderId,
    },
    now,
  );

/**
 * A plan order was refunded: to the wallet by an operator, with the remark they wrote, or for a
 * failed delivery, with the supplier's reason (their words, in either language); or back to the
 * payment method that paid it (`toMethod`, the provider's name).
 */
export const orderRefundedNotice = (
  order: OrderFacts,
  why: { remark: string; toMethod?: string } | { deliveryFailed: string },
  now: string,
): TransactionItem => {
  const toMethod = 'toMethod' in why ? why.toMethod : undefined;
  return notificationItem(
    {
      userId: order.userId,
      kind: 'order_refunded',
      title: `Refunded: ${order.planName}`,
      body: `${taka(order.price)} went back to your ${toMethod ?? 'wallet'}.${'remark' in why ? (why.remark ? ` ${why.remark}` : '') : ` Delivery failed: ${why.deliveryFailed}.`}`,
      bn: {
        title: `রিফান্ড হয়েছে: ${order.planName}`,
        body: `${bnTaka(order.price)} আপনার ${toMethod ? `${toMethod}-এ` : 'ওয়ালেটে'} ফেরত গেছে।${'remark' in why ? (why.remark ? ` ${why.remark}` : '') : ` ডেলিভারি হয়নি: ${why.deliveryFailed}।`}`,
      },
      ...orderNoticeTarget(order),
      subject: order.orderId,
    },
    now,
  );
};

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
      bn: {
        title: `কোড কেনা হয়েছে: ${sale.voucherName}`,
        body: `${bnTaka(sale.total)}-এ ${groupDigits(sale.qty, 'bn')}টি কোড। কপি করতে আমার কোড খুলুন।`,
      },
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
 * A guest's codes were paid for through the gateway: the receipt goes to their contact with their
 * order's secret link, where the codes are read; the codes themselves are in no notice or mail.
 */
export const guestCodesPaidNotice = (
  sale: {
    userId: string;
    orderId: string;
    voucherName: string;
    qty: number;
    total: number;
    listTotal?: number;
    coupanCode?: string;
    receipt?: Pick<GatewayReceipt, 'paymentMethod' | 'transactionId'>;
    guest: NonNullable<Notification['to']>;
  },
  link: string,
  now: string,
): TransactionItem =>
  notificationItem(
    {
      userId: sale.userId,
      kind: 'codes_bought',
      title: `Codes bought: ${sale.voucherName}`,
      body: `${sale.qty} code${sale.qty > 1 ? 's' : ''} for ${taka(sale.total)}. Open your order's page to copy them.`,
      bn: {
        title: `কোড কেনা হয়েছে: ${sale.voucherName}`,
        body: `${bnTaka(sale.total)}-এ ${groupDigits(sale.qty, 'bn')}টি কোড। কপি করতে আপনার অর্ডারের পেজ খুলুন।`,
      },
      link,
      subject: sale.orderId,
      to: sale.guest,
      receipt: {
        reference: sale.orderId,
        item: `${sale.voucherName} × ${sale.qty}`,
        amount: sale.total,
        ...(sale.listTotal !== undefined && sale.listTotal > sale.total
          ? { listPrice: sale.listTotal, ...(sale.coupanCode ? { coupanCode: sale.coupanCode } : {}) }
          : {}),
        ...paidWith(sale.receipt),
        paidAt: now,
      },
    },
    now,
  );

/** Why money reached the wallet: a top-up paid through the gateway, or an order paid after it was cancelled. */
export type CreditSource = { topUp: GatewayReceipt } | { lateOrder: string };

const creditReason = (source: CreditSource) =>
  'topUp' in source
    ? {
        en: `Top-up paid with ${source.topUp.paymentMethod || 'the payment gateway'} (transaction ${source.topUp.transactionId}).`,
        bn: `${source.topUp.paymentMethod || 'পেমেন্ট গেটওয়ে'} দিয়ে টপ আপ পেমেন্ট হয়েছে (ট্রানজেকশন ${source.topUp.transactionId})।`,
      }
    : {
        en: `Order ${source.lateOrder} was paid after it was cancelled: its price went to your wallet.`,
        bn: `অর্ডার ${source.lateOrder} বাতিল হওয়ার পরে পেমেন্ট এসেছে: এর দাম আপনার ওয়ালেটে জমা হয়েছে।`,
      };

/** Money was credited to the wallet (a top-up's with its receipt). */
export const walletCreditedNotice = (
  credit: { userId: string; amount: number; source: CreditSource; subject: string; receipt?: GatewayReceipt },
  now: string,
) =>
  notificationItem(
    {
      userId: credit.userId,
      kind: 'wallet_credited',
      title: `${taka(credit.amount)} added to your wallet`,
      body: creditReason(credit.source).en,
      bn: { title: `${bnTaka(credit.amount)} আপনার ওয়ালেটে যোগ হয়েছে`, body: creditReason(credit.source).bn },
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

/**
 * A payment at the gateway was cancelled (by the payer, or given up after it never came): for a
 * wallet top-up (`planName` absent) or an order. `reason` is the settlement's (payments/settlement.ts).
 */
export const paymentCancelledNotice = (
  payment: { userId: string; subject: string; planName?: string; amount: number; reason: { en: string; bn: string }; link: string },
  now: string,
) =>
  notificationItem(
    {
      userId: payment.userId,
      kind: 'payment_cancelled',
      title: `Payment cancelled: ${payment.planName ?? 'wallet top-up'}`,
      body: `The ${taka(payment.amount)} payment was not completed, and nothing was charged. ${payment.reason.en}`.trim(),
      bn: {
        title: `পেমেন্ট বাতিল হয়েছে: ${payment.planName ?? 'ওয়ালেট টপ আপ'}`,
        body: `${bnTaka(payment.amount)}-এর পেমেন্ট সম্পন্ন হয়নি, কোনো টাকা কাটা হয়নি। ${payment.reason.bn}`.trim(),
      },
      link: payment.link,
      subject: payment.subject,
    },
    now,
  );

const bnPasswordHow = { set: 'সেট করা হয়েছে', changed: 'বদলানো হয়েছে', reset: 'রিসেট করা হয়েছে' } as const;

/** The account's password was set, changed or reset (a security notice: mailed whatever the settings, to a proven address only). */
export const passwordChangedNotice = (userId: string, how: 'set' | 'changed' | 'reset', now: string) =>
  notificationItem(
    {
      userId,
      kind: 'password_changed',
      title: `Your password was ${how}`,
      body: `The password of your shop account was ${how}, and every other session was signed out. If this wasn't you, use "Forgot password" at once to set a new one.`,
      bn: {
        title: `আপনার পাসওয়ার্ড ${bnPasswordHow[how]}`,
        body: `আপনার শপ অ্যাকাউন্টের পাসওয়ার্ড ${bnPasswordHow[how]}, আর অন্য সব সেশন থেকে লগ আউট করা হয়েছে। এটা আপনি না করে থাকলে এখনই "পাসওয়ার্ড ভুলে গেছেন" দিয়ে নতুন পাসওয়ার্ড দিন।`,
      },
      link: '/profile/userSecurity',
      subject: userId,
    },
    now,
  );

/** An operator answered the shopper's claim on an order (their words, never translated), or closed it. */
export const claimReplyNotice = (
  claim: { userId: string; orderId: string; claimId: string; guest?: Notification['to'] },
  reply: string,
  closed: boolean,
  now: string,
) =>
  notificationItem(
    {
      userId: claim.userId,
      kind: 'claim_reply',
      title: closed ? `Your report on order ${claim.orderId} is closed` : `Reply about order ${claim.orderId}`,
      body: reply || 'We have closed your report. Tell us on the order page if the problem remains.',
      bn: {
        title: closed ? `অর্ডার ${claim.orderId} নিয়ে আপনার অভিযোগ বন্ধ করা হয়েছে` : `অর্ডার ${claim.orderId} নিয়ে উত্তর`,
        body: reply || 'আমরা আপনার অভিযোগটি বন্ধ করেছি। সমস্যা থেকে গেলে অর্ডারের পাতায় আমাদের জানান।',
      },
      ...orderNoticeTarget(claim),
      subject: `${claim.claimId}#${now}`,
    },
    now,
  );
