import { type PaymentReference, type PaymentState, type VerifiedPayment, gatewayOf, paisaOf } from '../gateway/port';
import { type ItemKey, bookLineItem, closeCheckoutItem } from '../gateway/repo';
import { paymentReviewAlert } from '../notifications/alerts';
import { guestCodesPaidNotice, orderPaidNotice, paymentCancelledNotice, walletCreditedNotice } from '../notifications/events';
import { extraPaymentItem } from '../orders/extra-payment-repo';
import { orderLinkPath } from '../orders/guests';
import { planSaleEventItem } from '../orders/report-events';
import { placedAlertItems, placedHeld, placedHoldEventItems } from '../orders/holds';
import { rememberedPlayerIdItems } from '../orders/player-id-repo';
import * as orders from '../orders/repo';
import type { PlanOrder } from '../orders/types';
import { codeSaleEventItem } from '../vouchers/report-events';
import { confirmUseItems, orderedMarkItems, releaseUseItems } from '../promotions/repo';
import { type Hold, payerBlockedReason } from '../risk/holds';
import { blockKey, payerLinkItem } from '../risk/repo';
import { blockValueOf } from '../risk/rules';
import { batchGet } from '../shared/db';
import { randomId } from '../shared/ids';
import type { GatewayReceipt } from '../shared/receipt';
import type { TransactionItem } from '../shared/transactions';
import type { PendingCodeOrder } from '../vouchers/pending-codes';
import * as pendingCodes from '../vouchers/pending-repo';
import * as vouchers from '../vouchers/repo';
import { pickCodes } from '../vouchers/service';
import { changeBalance } from '../wallet/money';
import * as wallet from '../wallet/repo';
import { type Payable, cancelledBecause } from './settlement';

/** A payable that leaves `pending` frees one of its user's open checkouts; one paid after it was given up has already. */
const leavesPending = (state: PaymentState, userId: string) => (state === 'pending' ? [closeCheckoutItem(userId)] : []);

/** What the gateway told us of a payment, as kept on what it paid for. */
const receiptOf = (payment: VerifiedPayment): GatewayReceipt => ({
  gateway: payment.gateway,
  invoiceId: payment.invoiceId,
  paymentMethod: payment.paymentMethod,
  senderNumber: payment.senderNumber,
  transactionId: payment.transactionId,
  fee: payment.fee,
  chargedAmount: payment.chargedAmount,
});

/** A payable as read, with the writes that close it one way or the other, conditioned on what was read. */
export interface ReadPayable extends Payable {
  key: ItemKey;
  /** The gateway its checkout was opened at: only a payment there pays it. */
  gateway: string;
  complete(payment: VerifiedPayment, now: string): TransactionItem[];
  /** Gives it up; `invoiceId` is the failed payment's, recorded with it when it was not known. */
  cancel(reason: string, now: string, invoiceId?: string): TransactionItem[];
  /** Ids for the log line of a completed payment. */
  describe(): Record<string, unknown>;
  /** The order that `complete` placed, once its transaction is written: its automatic delivery starts then. */
  placed?(): PlanOrder | undefined;
  /** The record of a second payment for it, already paid, with its day-book line (an order's only: a claim may credit it). */
  paidAgain?(payment: VerifiedPayment, now: string): TransactionItem[];
  /** Whether the payer's number of the payment it was read for is blocked: an order is placed held, a top-up goes to a person. */
  payerBlocked: boolean;
}

/** The blocklist key of a payment's payer number, read with the payable (none when the gateway gave no number). */
const payerBlockKeys = (payerNumber: string | undefined) =>
  payerNumber?.trim() ? [blockKey('payer', blockValueOf('payer', payerNumber))] : [];

/**
 * The hold a gateway order is placed with when its payment settles: the checkout's (dated now, when
 * it was paid), with the payer's number blocked as a further reason; none without either.
 */
function holdAtPayment(checkoutHold: Hold | undefined, payerBlock: Record<string, unknown> | undefined, now: string): Hold | undefined {
  if (!checkoutHold && !payerBlock) return undefined;
  const reasons = [...(checkoutHold?.reasons ?? []), ...(payerBlock ? [payerBlockedReason] : [])];
  return { state: 'held', reasons, at: now, reviewWithinMinutes: checkoutHold?.reviewWithinMinutes };
}

/** The day-book line of a payment that completes `reference`, dated by the gateway's own time of it where it gives one. */
const bookLine = (reference: PaymentReference, amount: number, payment: VerifiedPayment, now: string) =>
  bookLineItem({ kind: 'payment', at: now, paidAt: payment.paidAt, reference, amount, receipt: receiptOf(payment) });

/**
 * The two kinds of payables, each read in one BatchGetItem: a wallet top-up request (completing
 * it credits the wallet with its ledger entry) and a gateway plan order (completing it places the
 * order for fulfilment; paid after it was cancelled, the money goes to the wallet instead, since
 * the price, the stock or the player's wish may have changed meanwhile).
 */
export const payables: Record<
  PaymentReference['kind'],
  (reference: PaymentReference, payerNumber?: string) => Promise<ReadPayable | undefined>
> = {
  async wallet(reference, payerNumber) {
    const { userId, id } = reference;
    const [requestItem, walletItem, payerBlock] = await batchGet([
      wallet.walletRequestKey(userId, id),
      wallet.walletKey(userId),
      ...payerBlockKeys(payerNumber),
    ]);
    if (!requestItem) return undefined;
    const request = wallet.walletRequestFromItem(requestItem);
    return {
      payerBlocked: payerBlock !== undefined,
      key: wallet.walletRequestKey(userId, id),
      gateway: gatewayOf(request),
      state: request.status,
      amount: request.amount,
      invoiceId: request.invoiceId,
      complete: (payment, now) => [
        ...leavesPending(request.status, userId),
        wallet.closeWalletRequestItem(request, { status: 'completed', invoiceId: payment.invoiceId, receipt: receiptOf(payment) }, now),
        ...wallet.balanceChangeItems(
          userId,
          changeBalance(wallet.walletFromItem(walletItem), request.amount, 'topup', request.requestId),
          now,
        ),
        bookLine(reference, request.amount, payment, now),
        walletCreditedNotice(
          {
            userId,
            amount: request.amount,
            source: { topUp: receiptOf(payment) },
            subject: request.requestId,
            receipt: receiptOf(payment),
          },
          now,
        ),
      ],
      cancel: (reason, now, invoiceId) => [
        ...leavesPending(request.status, userId),
        wallet.closeWalletRequestItem(
          request,
          { status: 'cancelled', cancelReason: reason, invoiceId: request.invoiceId ?? invoiceId },
          now,
        ),
        paymentCancelledNotice(
          {
            userId,
            subject: request.requestId,
            amount: request.amount,
            reason: cancelledBecause(reason),
            link: '/profile/userWallet',
          },
          now,
        ),
      ],
      describe: () => ({ requestId: request.requestId, amount: request.amount }),
    };
  },
  async order(reference, payerNumber) {
    const { userId, id } = reference;
    const [pendingItem, walletItem, payerBlock] = await batchGet([
      orders.pendingOrderKey(userId, id),
      wallet.walletKey(userId),
      ...payerBlockKeys(payerNumber),
    ]);
    if (!pendingItem) return undefined;
    const pending = orders.pendingOrderFromItem(pendingItem);
    const price = pending.order.price;
    const state: PaymentState = pending.paymentStatus === 'credited' ? 'completed' : pending.paymentStatus;
    let placed: PlanOrder | undefined;
    return {
      payerBlocked: payerBlock !== undefined,
      key: orders.pendingOrderKey(userId, id),
      gateway: gatewayOf(pending),
      state,
      amount: price,
      invoiceId: pending.invoiceId,
      complete: (payment, now) => {
        const receipt = receiptOf(payment);
        if (pending.paymentStatus === 'cancelled' && pending.order.guest) {
          // A guest has no wallet to credit: the money is booked and a person refunds the payer.
          return [
            orders.closePendingOrderItem(pending, { paymentStatus: 'credited', receipt }, now),
            ...bookedForAPerson(
              reference,
              price,
              payment,
              'a guest paid after their order was cancelled: refund their payment method',
              now,
            ),
          ];
        }
        if (pending.paymentStatus === 'cancelled') {
          return [
            orders.closePendingOrderItem(pending, { paymentStatus: 'credited', receipt }, now),
            ...wallet.balanceChangeItems(userId, changeBalance(wallet.walletFromItem(walletItem), price, 'refund', id), now),
            bookLine(reference, price, payment, now),
            walletCreditedNotice({ userId, amount: price, source: { lateOrder: id }, subject: id }, now),
          ];
        }
        const order = placedHeld(
          { ...pending.order, invoiceId: payment.invoiceId, receipt, paidAt: now },
          holdAtPayment(pending.hold, payerBlock, now),
        );
        placed = order;
        return [
          ...leavesPending(state, userId),
          orders.closePendingOrderItem(pending, { paymentStatus: 'completed', receipt }, now),
          ...(pending.order.promoUse ? confirmUseItems(pending.order.promoUse, id, now) : []),
          ...orderedMarkItems(pending.order.persons ?? [], id, now),
          orders.newOrderItem(order),
          ...placedAlertItems(order),
          ...placedHoldEventItems(order),
          ...rememberedPlayerIdItems(order),
          ...(!order.accountType && receipt.senderNumber?.trim() ? [payerLinkItem(order.accountId, receipt.senderNumber, now)] : []),
          bookLine(reference, price, payment, now),
          orderPaidNotice(order, now, pending.linkToken ? orderLinkPath(pending.linkToken) : undefined),
          planSaleEventItem(order, receipt.paymentMethod || 'gateway', now),
        ];
      },
      // A promo code's held use goes back with the checkout, once (the close's condition); a payment
      // that comes after is credited to the wallet above and counts no use again.
      cancel: (reason, now, invoiceId) => [
        ...leavesPending(state, userId),
        orders.closePendingOrderItem(pending, { paymentStatus: 'cancelled', cancelReason: reason, invoiceId }, now),
        ...(pending.order.promoUse ? releaseUseItems(pending.order.promoUse, id, now) : []),
        paymentCancelledNotice(
          {
            userId,
            subject: id,
            planName: pending.order.planName,
            amount: price,
            reason: cancelledBecause(reason),
            link: `/profile/order/${encodeURIComponent(id)}`,
          },
          now,
        ),
      ],
      paidAgain: (payment, now) =>
        pending.paymentStatus === 'completed'
          ? [
              extraPaymentItem({ userId, orderId: id, amount: payment.amount, receipt: receiptOf(payment) }, now),
              bookLine(reference, paisaOf(payment.amount) / 100, payment, now),
            ]
          : [],
      describe: () => ({ orderId: id, amount: price, late: pending.paymentStatus === 'cancelled' }),
      placed: () => placed,
    };
  },
  /**
   * A guest's codes, reserved at checkout: completing it places the voucher order with them. Paid
   * after it was cancelled (its codes went back), the codes are taken again in the same
   * transaction where enough are left (read with the payable; a racing sale that takes one
   * cancels it, and the settle step reads again); where not, the money is booked and a person
   * refunds the payer (a guest has no wallet). Cancelled, its codes go back, once.
   */
  async codes(reference, payerNumber) {
    const { userId, id } = reference;
    const [pendingItem, payerBlock] = await batchGet([pendingCodes.pendingCodeOrderKey(userId, id), ...payerBlockKeys(payerNumber)]);
    if (!pendingItem) return undefined;
    const pending = pendingCodes.pendingCodeOrderFromItem(pendingItem);
    const { order, total } = pending;
    const state: PaymentState = pending.paymentStatus === 'credited' ? 'completed' : pending.paymentStatus;
    // Codes to take again for a payment after the cancel: read now, chosen when it completes.
    const candidates =
      pending.paymentStatus === 'cancelled' ? await vouchers.codeCandidates(order.voucherId, order.qty * 2 + 2, randomId(12)) : [];
    return {
      payerBlocked: payerBlock !== undefined,
      key: pendingCodes.pendingCodeOrderKey(userId, id),
      gateway: gatewayOf(pending),
      state,
      amount: total,
      invoiceId: pending.invoiceId,
      complete: (payment, now) => {
        const receipt = receiptOf(payment);
        const late = pending.paymentStatus === 'cancelled';
        const retaken = late && candidates.length >= order.qty ? pickCodes(candidates, order.qty) : undefined;
        if (late && !retaken)
          return [
            pendingCodes.closePendingCodeOrderItem(pending, { paymentStatus: 'credited', receipt }, now),
            ...bookedForAPerson(
              reference,
              total,
              payment,
              'a guest paid for codes after their checkout was cancelled and none are left: refund their payment method',
              now,
            ),
          ];
        const codes = retaken ? retaken.map((code) => code.code) : order.codes;
        return [
          ...(retaken ? vouchers.claimCodeItems(order.voucherId, retaken) : []),
          ...leavesPending(state, userId),
          pendingCodes.closePendingCodeOrderItem(
            pending,
            { paymentStatus: 'completed', receipt, ...(retaken ? { reserved: retaken, codes } : {}) },
            now,
          ),
          // A held use is confirmed; one given back with a cancelled checkout is not taken again.
          ...(pending.promoUse && !late ? confirmUseItems(pending.promoUse, id, now) : []),
          ...orderedMarkItems(pending.persons ?? [], id, now),
          vouchers.newVoucherOrderItem({ ...order, codes }),
          bookLine(reference, total, payment, now),
          codesPaidNotice(pending, receipt, now),
          codeSaleEventItem({ ...order, codes }, pending.brandId, receipt.paymentMethod || 'gateway', now),
        ];
      },
      cancel: (reason, now, invoiceId) => [
        ...leavesPending(state, userId),
        pendingCodes.closePendingCodeOrderItem(pending, { paymentStatus: 'cancelled', cancelReason: reason, invoiceId }, now),
        ...vouchers.returnCodeItems(order.voucherId, pending.reserved, now),
        ...(pending.promoUse ? releaseUseItems(pending.promoUse, id, now) : []),
      ],
      describe: () => ({ orderId: id, qty: order.qty, amount: total, late: pending.paymentStatus === 'cancelled' }),
    };
  },
};

/**
 * A guest's payment that found nothing to pay for (a guest has no wallet to credit): the money is
 * booked in the day book and a person is told to refund the payer's method.
 */
const bookedForAPerson = (reference: PaymentReference, amount: number, payment: VerifiedPayment, reason: string, now: string) => [
  bookLine(reference, amount, payment, now),
  paymentReviewAlert(
    {
      gateway: payment.gateway,
      invoiceId: payment.invoiceId,
      reason,
      amount: String(amount),
      reference: { kind: reference.kind, id: reference.id },
    },
    now,
  ),
];

/** A guest's code order's receipt: to their contact, with their order's link (the codes are read there, never sent). */
const codesPaidNotice = (pending: PendingCodeOrder, receipt: GatewayReceipt, now: string) =>
  guestCodesPaidNotice(
    {
      userId: pending.order.userId,
      orderId: pending.order.orderId,
      voucherName: pending.order.voucherName,
      qty: pending.order.qty,
      total: pending.total,
      listTotal: (pending.order.listUnitPrice ?? pending.order.unitPrice) * pending.order.qty,
      coupanCode: pending.order.coupanCode,
      receipt,
      guest: pending.guest,
    },
    orderLinkPath(pending.linkToken),
    now,
  );
