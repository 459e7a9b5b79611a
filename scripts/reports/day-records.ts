import { channelOf, paymentDay } from '../../functions/admin/service/payment-days';
import { daysBetween, shiftDay } from '../../functions/contract/report-range';
import { listBookDay } from '../../functions/gateway/repo';
import { type DayCheck, type DayRecords, type Tally, channelName, reconcileDay } from '../../functions/reports/reconcile';
import { rangeAggregates } from '../../functions/reports/repo';
import { listLedger } from '../../functions/wallet/repo';
import { type SoldOrder, dayOf, soldOrdersOfDay } from './sold-orders';

/**
 * The reading behind `npm run report:check` (issue 42): the aggregates of a range (one Query of
 * `REPORTS`) and each day's records, read by partition and index only: the day index (gsi3
 * `DAY#<day>`) of the range and of `lookbackDays` before it (a refund falls on the day it was
 * made, often after its order's day), the gateway's day book (gsi3 `GATEWAYDAY#<day>`) of each
 * day, and the ledger (`WALLET#<user>`, `LEDGER#`) of each buyer with a wallet sale or a refund
 * to the wallet in the range. The comparison itself is functions/reports/reconcile.ts.
 */

/** How many days before the range the day index is read for orders refunded within it. */
export const defaultLookbackDays = 30;

const purchaseReasons = new Set(['plan-order', 'voucher-order']);

const inRange = (day: string, from: string, to: string) => day >= from && day <= to;

/** The records of each day from `from` to `to`. */
export async function readDayRecords(from: string, to: string, lookbackDays = defaultLookbackDays): Promise<DayRecords[]> {
  const orderDays = daysBetween(shiftDay(from, -lookbackDays), to);
  const orders: SoldOrder[] = [];
  // A few days at a time: each is a Query (and its batch reads), the partitions are the index's.
  for (let start = 0; start < orderDays.length; start += 8)
    orders.push(...(await Promise.all(orderDays.slice(start, start + 8).map(soldOrdersOfDay))).flat());
  const byId = new Map(orders.map((order) => [order.orderId, order]));

  const sales = orders.filter((order) => inRange(dayOf(order.saleAt), from, to));
  const refunds = orders.filter((order) => order.refund && inRange(dayOf(order.refund.at), from, to));
  const walletUsers = new Set([
    ...sales.filter((order) => order.sale.channel === 'wallet').map((order) => order.userId),
    ...refunds.filter((order) => order.refund!.event.to === 'wallet').map((order) => order.userId),
  ]);
  const ledgers = (await Promise.all([...walletUsers].map(listLedger))).flat();
  const books = await Promise.all(daysBetween(from, to).map(async (day) => ({ day, lines: await listBookDay(day) })));

  return books.map(({ day, lines }): DayRecords => {
    const daySales = sales.filter((order) => dayOf(order.saleAt) === day);
    const walletSales = new Set(daySales.filter((order) => order.sale.channel === 'wallet').map((order) => order.orderId));
    const walletDebits: Tally = { count: 0, amount: 0 };
    const walletRefundCredits: Tally = { count: 0, amount: 0 };
    for (const entry of ledgers) {
      if (entry.delta < 0 && purchaseReasons.has(entry.reason) && walletSales.has(entry.reference)) {
        walletDebits.count += 1;
        walletDebits.amount -= entry.delta;
      }
      if (entry.delta > 0 && entry.reason === 'refund' && dayOf(entry.createdAt) === day && byId.has(entry.reference)) {
        walletRefundCredits.count += 1;
        walletRefundCredits.amount += entry.delta;
      }
    }
    const gatewayOrderPayments: Record<string, Tally> = {};
    const gatewayRefunds: Tally = { count: 0, amount: 0 };
    for (const line of lines) {
      if (line.kind === 'refund') {
        gatewayRefunds.count += 1;
        gatewayRefunds.amount += line.amount;
        continue;
      }
      // A line paid an order when it is the invoice the order was placed with: never a top-up, nor a second payment of a paid order.
      const order = line.reference.kind === 'order' || line.reference.kind === 'codes' ? byId.get(line.reference.id) : undefined;
      if (!order || order.invoiceId !== line.receipt.invoiceId) continue;
      const channel = channelName(channelOf(line));
      const sums = gatewayOrderPayments[channel] ?? { count: 0, amount: 0 };
      gatewayOrderPayments[channel] = sums;
      sums.count += 1;
      sums.amount += line.amount;
    }
    const paymentsReport = Object.fromEntries(
      paymentDay(day, lines).channels.map((channel) => [
        channelName(channel.paymentMethod),
        { count: channel.payments, amount: channel.amount },
      ]),
    );
    return {
      day,
      sales: daySales.map((order) => ({
        orderId: order.orderId,
        itemKind: order.sale.item.kind,
        itemId: order.sale.item.id,
        units: order.sale.units,
        net: order.sale.net,
        channel: order.sale.channel,
      })),
      refunds: refunds
        .filter((order) => dayOf(order.refund!.at) === day)
        .map(({ orderId, refund }) => ({
          orderId,
          itemKind: refund!.event.item.kind,
          itemId: refund!.event.item.id,
          amount: refund!.event.amount,
          to: refund!.event.to,
        })),
      walletDebits,
      walletRefundCredits,
      gatewayOrderPayments,
      gatewayRefunds,
      paymentsReport,
    };
  });
}

/** The check of each day from `from` to `to`: its aggregates against its records. */
export async function checkReports(from: string, to: string, lookbackDays = defaultLookbackDays): Promise<DayCheck[]> {
  const [aggregates, records] = await Promise.all([rangeAggregates(from, to), readDayRecords(from, to, lookbackDays)]);
  return records.map((day) => reconcileDay(aggregates, day));
}
