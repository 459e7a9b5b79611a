/** A code order's report event (decision 0023): its sale, as the reports count it. */
import { type SaleEvent, reportEventItem } from '../reports/events';
import type { TransactionItem } from '../shared/transactions';
import type { VoucherOrder } from './repo';

/** Codes paid (from the wallet, or through the gateway by `channel`): their list price, what came off it, what was paid. */
export function codeSaleEventItem(order: VoucherOrder, brandId: string, channel: string, now: string): TransactionItem {
  const gross = (order.listUnitPrice ?? order.unitPrice) * order.qty;
  const net = order.unitPrice * order.qty - (order.discount ?? 0);
  const event: SaleEvent = {
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
  return reportEventItem(event, now);
}
