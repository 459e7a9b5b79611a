import { type WaitingPayment, listWaitingPayments } from '../gateway/repo';
import * as orders from '../orders/repo';
import { batchGet } from '../shared/db';
import { pendingCodeOrderFromItem } from '../vouchers/pending-repo';
import * as wallet from '../wallet/repo';

/** A payment still waiting, as operators see it. */
export interface WaitingPaymentDetail extends WaitingPayment {
  amount: number;
}

/**
 * Every payment still waiting, oldest first, with its amount: one Query of the pending-payment
 * index and BatchGetItems of what they pay for. The operators see which have no invoice id yet
 * (only they can settle those, with the invoice id from the gateway's panel).
 */
export async function waitingPaymentDetails(): Promise<WaitingPaymentDetail[]> {
  const waiting = await listWaitingPayments(new Date().toISOString());
  const details: WaitingPaymentDetail[] = [];
  for (let start = 0; start < waiting.length; start += 100) {
    const batch = waiting.slice(start, start + 100);
    const items = await batchGet(batch.map((payment) => payment.key));
    for (const [i, item] of items.entries()) {
      if (!item) continue;
      const payment = batch[i]!;
      const amount =
        payment.reference.kind === 'wallet'
          ? wallet.walletRequestFromItem(item).amount
          : payment.reference.kind === 'codes'
            ? pendingCodeOrderFromItem(item).total
            : orders.pendingOrderFromItem(item).order.price;
      details.push({ ...payment, amount });
    }
  }
  return details;
}
