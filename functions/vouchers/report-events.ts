/** A code order's report event (decision 0023): its sale, as the reports count it. */
import { type SaleEvent, reportEventItem } from '../reports/events';
import type { TransactionItem } from '../shared/transactions';
import type { VoucherOrder } from './repo';

/** The sale of codes paid (from the wallet, or through the gateway by `channel`): their list price, what came off it, what was paid. Pure: the live path and the backfill build it alike. */
export function codeSaleEvent(order: VoucherOrder, brandId: string, channel: string): SaleEvent {
  const gross = (order.listUnitPrice ?? order.unitPrice) * order.qty;
  const net = order.unitPrice * order.qty - (order.discount ?? 0);
  return {
    kind: 'sale',
    orderId: order.orderId,
    // The brand's name is the catalog's (a voucher keeps only its brand's id).
    item: { kind: 'voucher', gameId: brandId, gameName: '', id: order.voucherId, name: order.voucherName },
    units: order.qty,
    gross,
    discount: gross - net,
    net,
    // A stock code's purchase price is not recorded.
    cost: 0,
    channel,
    ...(order.coupanCode ? { coupanCode: order.coupanCode } : {}),
  };
}

/** Codes paid: their sale's event item, for the transaction that records the sale. */
export function codeSaleEventItem(order: VoucherOrder, brandId: string, channel: string, now: string): TransactionItem {
  return reportEventItem(codeSaleEvent(order, brandId, channel), now);
}
