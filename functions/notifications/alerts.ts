import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { alertKindNames } from '../contract/admin-operations';
import { dhakaDay } from '../contract/report-range';
import { db, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { PaymentKind } from '../gateway/port';
import type { TransactionItem } from '../shared/transactions';

/** What a payable is called in an operator's alert. */
const payableWords: Record<PaymentKind, string> = { order: 'order', wallet: 'wallet top-up', codes: "guest's code order" };

/**
 * What operators hear about on Telegram, because it needs a person: a paid order waiting in the
 * manual queue, a delivery whose outcome is unknown or that failed, a payment pending at the
 * gateway too long, a voucher's stock falling to its low-stock mark, the supplier's balance too low
 * or the supplier unusable as set up, a payment the shop will not act on by itself (a wrong amount,
 * a second payment), a refund to the payment method that needs a person, an order held for review
 * (and again when its check is overdue), a shopper's report of a problem, and the stage's CloudWatch alarms (a second channel beside
 * their e-mail). `test` is the console's "send a test message".
 */
export const alertKinds = alertKindNames;
export type AlertKind = (typeof alertKinds)[number] | 'test';

/**
 * An operator alert. Like a notification it is its own outbox item, written in the same
 * transaction as the change it tells of (or, for what a job finds, by the job); its id is
 * deterministic, so an event detected twice writes it once.
 */
export interface Alert {
  id: string;
  kind: AlertKind;
  /** What happened, in operator words (order id, item, amount); never a code, password or token. */
  text: string;
  /** The console path it opens (`/admin/orders/<id>`…), appended to the site's origin when sent. */
  link: string;
  at: string;
}

/** How long an alert item is kept (DynamoDB TTL on expiresAt). */
const keptDays = 30;

/** Where an alert is stored: a partition of its own per alert, so no alert item is written by every buyer. */
export const alertKey = (id: string) => ({ pk: `ALERT#${id}`, sk: 'ALERT' });

/** An alert item for the transaction of the change it tells of, conditioned on its id being new. */
export function alertItem(alert: Omit<Alert, 'at'>, now: string): TransactionItem {
  const stored: Alert = { ...alert, at: now };
  return {
    Put: {
      TableName: tableName,
      Item: { ...toItem('Alert', alertKey(alert.id), stored, now), expiresAt: Math.floor(Date.parse(now) / 1000) + keptDays * 86_400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Reads an alert item. */
export const alertFromItem = (item: Record<string, unknown>) => fromItem<Alert>(item);

/**
 * Writes an alert that a job found (no change of state goes with it): once, whoever finds it
 * again (the next run, a parallel one) adds nothing. Answers whether this call wrote it.
 */
export async function raiseAlert(item: TransactionItem): Promise<boolean> {
  try {
    await db.send(new PutCommand(item.Put!));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

const taka = (amount: number) => `৳${amount.toLocaleString('en-IN')}`;

/** The console's paths (web/src/config/admin-paths.ts). */
const consolePaths = {
  order: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`,
  payments: '/admin/payments',
  codes: (voucherId: string) => `/admin/codes?voucher=${encodeURIComponent(voucherId)}`,
  deliveries: '/admin/deliveries',
  settings: '/admin/settings',
  dashboard: '/admin',
  reviewQueue: '/admin/review',
  claims: '/admin/claims',
};

/** An order as an alert names it. */
interface OrderFacts {
  orderId: string;
  gameName: string;
  planName: string;
  price: number;
}

const orderLine = (order: OrderFacts) => `Order ${order.orderId}: ${order.gameName} ${order.planName}, ${taka(order.price)}`;

/** A paid order waits in the manual queue: a manual plan, or an automatic one that fell back (`reason`). */
export const orderWaitingAlert = (order: OrderFacts, reason: string, now: string) =>
  alertItem(
    {
      id: `order-waiting#${order.orderId}`,
      kind: 'order_waiting',
      text: `Waiting for manual delivery. ${orderLine(order)}.${reason ? ` ${reason}.` : ''}`,
      link: consolePaths.order(order.orderId),
    },
    now,
  );

/** A delivery's outcome became unknown (its `attempt`-th answer was lost): told once per time it happens. */
export const deliveryUnknownAlert = (order: OrderFacts, attempt: number, now: string) =>
  alertItem(
    {
      id: `delivery-unknown#${order.orderId}#${attempt}`,
      kind: 'delivery_unknown',
      text: `Delivery outcome unknown (the supplier's answer was lost; it is being asked about). ${orderLine(order)}.`,
      link: consolePaths.order(order.orderId),
    },
    now,
  );

/** A delivery failed (and was refunded to the wallet). */
export const deliveryFailedAlert = (order: OrderFacts, reason: string, now: string) =>
  alertItem(
    {
      id: `delivery-failed#${order.orderId}`,
      kind: 'delivery_failed',
      text: `Delivery failed and was refunded: ${reason}. ${orderLine(order)}.`,
      link: consolePaths.order(order.orderId),
    },
    now,
  );

/** A payment has been pending at the gateway for `minutes` (a top-up request or a gateway order, by our id). */
export const paymentStuckAlert = (payment: { kind: PaymentKind; id: string; invoiceId?: string; minutes: number }, now: string) =>
  alertItem(
    {
      id: `payment-stuck#${payment.id}`,
      kind: 'payment_stuck',
      text: `Payment pending at the gateway for ${payment.minutes} minutes: ${payableWords[payment.kind]} ${payment.id}${payment.invoiceId ? `, invoice ${payment.invoiceId}` : ', no invoice id yet'}.`,
      link: consolePaths.payments,
    },
    now,
  );

/**
 * A sale took a voucher's stock from above its low-stock mark to it or below. Once a Dhaka day per
 * voucher: a restock and a second crossing the same day is not told again.
 */
export const lowStockAlert = (voucher: { voucherId: string; voucherName: string; stock: number; mark: number }, now: string) =>
  alertItem(
    {
      id: `low-stock#${voucher.voucherId}#${dhakaDay(Date.parse(now))}`,
      kind: 'low_stock',
      text: `Low stock: ${voucher.voucherName} has ${voucher.stock} code${voucher.stock === 1 ? '' : 's'} left (mark ${voucher.mark}).`,
      link: consolePaths.codes(voucher.voucherId),
    },
    now,
  );

/** The supplier refused a top-up for its balance: at most once a Dhaka day per supplier. */
export const supplierBalanceAlert = (supplier: string, orderId: string, now: string) =>
  alertItem(
    {
      id: `supplier-balance#${supplier}#${dhakaDay(Date.parse(now))}`,
      kind: 'supplier_balance',
      text: `The ${supplier} balance is too low: automatic top-ups go to the manual queue until it is topped up (first refused: order ${orderId}).`,
      link: consolePaths.deliveries,
    },
    now,
  );

/**
 * The supplier cannot be used as the stage has it set up (no fixed outbound address where it
 * demands one, no exchange rate for its currency, credentials or address refused): at most once a
 * Dhaka day per supplier and problem.
 */
export const supplierSetupAlert = (supplier: string, problem: string, orderId: string, now: string) =>
  alertItem(
    {
      id: `supplier-setup#${supplier}#${problem}#${dhakaDay(Date.parse(now))}`,
      kind: 'supplier_setup',
      text: `${problem}. Automatic top-ups through ${supplier} go to the manual queue until it is fixed (first: order ${orderId}).`,
      link: consolePaths.deliveries,
    },
    now,
  );

/**
 * A payment the settle step will not act on by itself (a paid payment of another amount, a
 * second payment for something already paid, an invoice named during an outage and never
 * confirmed): once per invoice of a gateway. `amount` is the gateway's, as it wrote it; `reference` what it names.
 */
export const paymentReviewAlert = (
  payment: { gateway: string; invoiceId: string; reason: string; amount?: string; reference?: { kind: PaymentKind; id: string } },
  now: string,
) => {
  const paysFor = payment.reference ? `, for ${payableWords[payment.reference.kind]} ${payment.reference.id}` : '';
  return alertItem(
    {
      id: `payment-review#${payment.gateway}#${payment.invoiceId}`,
      kind: 'payment_review',
      text: `Payment needs a person: ${payment.reason}. Invoice ${payment.invoiceId}${payment.amount ? `, ৳${payment.amount}` : ''}${paysFor}. Nothing was credited.`,
      link: payment.reference?.kind === 'order' ? consolePaths.order(payment.reference.id) : consolePaths.payments,
    },
    now,
  );
};

/**
 * A refund to the payment method needs a person (`what`: no answer from the gateway, refused, or
 * done at the gateway and not recorded): once per refund attempt (`attemptAt`) and kind of trouble.
 */
export const refundReviewAlert = (order: OrderFacts, what: { key: string; text: string }, attemptAt: string, now: string) =>
  alertItem(
    {
      id: `refund-review#${order.orderId}#${attemptAt}#${what.key}`,
      kind: 'refund_review',
      text: `Refund to the payment method needs a person: ${what.text}. ${orderLine(order)}.`,
      link: consolePaths.order(order.orderId),
    },
    now,
  );

/**
 * A paid order was held for review by a fraud rule (`reasons`), or its check is overdue (`overdue`,
 * past the minutes promised to the shopper): once each per order and hold.
 */
export const orderHeldAlert = (order: OrderFacts, hold: { at: string; reasons: { text: string }[] }, now: string, overdue = false) =>
  alertItem(
    {
      id: `order-held#${order.orderId}#${hold.at}${overdue ? '#overdue' : ''}`,
      kind: 'order_held',
      text: `${overdue ? 'Held order still undecided' : 'Order held for review'}: ${hold.reasons.map((reason) => reason.text).join('; ')}. ${orderLine(order)}.`,
      link: consolePaths.reviewQueue,
    },
    now,
  );

/**
 * A shopper reported a problem with an order: once per claim. The shopper's own words stay in the
 * console (they may quote a code).
 */
export const claimOpenedAlert = (claim: { claimId: string; orderId: string; reason: string }, now: string) =>
  alertItem(
    {
      id: `claim-opened#${claim.claimId}`,
      kind: 'claim_opened',
      text: `A shopper reported a problem (${claim.reason.replace(/_/g, ' ')}) with order ${claim.orderId}.`,
      link: consolePaths.claims,
    },
    now,
  );

/** A shopper's report still unanswered past the minutes promised: once per claim. */
export const claimOverdueAlert = (claim: { claimId: string; orderId: string; reason: string }, minutes: number, now: string) =>
  alertItem(
    {
      id: `claim-overdue#${claim.claimId}`,
      kind: 'claim_opened',
      text: `A report (${claim.reason.replace(/_/g, ' ')}) on order ${claim.orderId} is still open after ${minutes} minutes.`,
      link: consolePaths.claims,
    },
    now,
  );

/** What a CloudWatch alarm's SNS message says (AWS's documented JSON), as far as operators read it. */
export interface CloudAlarm {
  AlarmName: string;
  AlarmDescription?: string | null;
  NewStateValue: string;
  NewStateReason?: string;
  StateChangeTime: string;
}

/**
 * A CloudWatch alarm that changed state, relayed from the alarms' topic: one alert per alarm and
 * state change (SNS delivering it twice writes it once).
 */
export const cloudAlarmAlert = (alarm: CloudAlarm, now: string) =>
  alertItem(
    {
      id: `cloud-alarm#${alarm.AlarmName}#${alarm.NewStateValue}#${alarm.StateChangeTime}`,
      kind: 'cloud_alarm',
      text: `${alarm.NewStateValue === 'ALARM' ? 'ALARM' : alarm.NewStateValue === 'OK' ? 'Cleared' : alarm.NewStateValue}: ${
        alarm.AlarmDescription || alarm.AlarmName
      } (${alarm.AlarmName}).${alarm.NewStateValue === 'ALARM' && alarm.NewStateReason ? ` ${alarm.NewStateReason}` : ''}`.slice(0, 1000),
      link: consolePaths.dashboard,
    },
    now,
  );

/** The console's test message, with its own id each time. */
export const testAlert = (id: string, now: string) =>
  alertItem({ id: `test#${id}`, kind: 'test', text: 'Test message: operator alerts reach this chat.', link: consolePaths.settings }, now);
