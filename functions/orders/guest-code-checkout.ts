/**
 * A guest's purchase of voucher codes through the gateway (contract: Guest checkout). The codes
 * are reserved at checkout: its one transaction takes them out of the inventory and writes them
 * onto the pending payable in the guest's partition, so a payment that comes always has its codes
 * and no two checkouts get the same code. The settle step (payments/payables.ts, kind `codes`)
 * places the order with them, or puts them back when the payment is cancelled.
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Language } from '../contract/fields';
import type { GuestContact } from '../contract/rules';
import { settingsFromItem, settingsKey } from '../content/repo';
import { GatewayError, checkoutLinks } from '../gateway/port';
import { limitCheckoutStart, tooManyOpenCheckouts } from '../gateway/limits';
import { gateways } from '../gateway/registry';
import { openCheckoutItem, pendingPaymentKeys } from '../gateway/repo';
import {
  type PromoUse,
  buyerOf,
  customerMarks,
  customerRequest,
  heldUseOf,
  pricePromo,
  promoRequest,
  promoUseItems,
  promoUseRefusal,
  retakeOnAnotherShard,
  saleForBuyer,
  saleLine,
  saleUnitRefused,
  shardWasFull,
} from '../promotions/service';
import { deviceLinkItem } from '../risk/repo';
import { type RequestOrigin, identityOf, riskRequest, velocityCheck } from '../risk/service';
import { batchGet } from '../shared/db';
import { Conflict, NotFound } from '../shared/errors';
import { creationStamp, randomId } from '../shared/ids';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import type { PendingCodeOrder } from '../vouchers/pending-codes';
import { newPendingCodeOrderItem } from '../vouchers/pending-repo';
import * as vouchers from '../vouchers/repo';
import { pickCodes, tellLowStock } from '../vouchers/service';
import { guestPurchaser, orderLinkItem } from './guests';

/** What a guest asks for: `qty` codes of a voucher, at the total they were shown, with an optional promo code. */
export interface GuestCodesInput {
  voucherId: string;
  qty: number;
  /** The quote's total the guest saw; the server's own price is what is charged (another: 409). */
  amount: number;
  coupanCode?: string;
}

/** How many times a checkout is tried again on other codes after racing buyers took those it chose. */
const maxAttempts = 5;

/**
 * Starts a guest's gateway purchase of codes: prices it as the wallet sale does (a sale, a promo
 * code, the total shown), applies the checkout limits and the fraud rules' refusals, opens the
 * checkout at the gateway, then reserves the codes in one transaction with the pending payable,
 * the order link, the open checkout, the promo code's held use and the velocity counters. Codes
 * another checkout took meanwhile are skipped and others tried, a bounded number of times; then
 * "Out of stock" (409), with nothing written.
 */
export async function startGuestCodeOrder(
  contact: GuestContact,
  language: Language,
  token: string,
  input: GuestCodesInput,
  origin: RequestOrigin,
): Promise<{ paymentUrl: string; orderId: string }> {
  const { id: orderId, createdAt } = creationStamp();
  const guest = guestPurchaser(contact, createdAt);
  const buyer = buyerOf(guest);
  const promo = promoRequest(input.coupanCode, buyer);
  const customerRead = customerRequest({ ...buyer, userId: guest.id });
  const identity = identityOf(guest, origin);
  const risk = riskRequest(identity);
  const reference = { kind: 'codes' as const, userId: guest.id, id: orderId };
  const takenByOthers = new Set<string>();
  let retaken: PromoUse | undefined;
  let opened: { paymentUrl: string; gateway: string } | undefined;

  for (let attempt = 1; ; attempt += 1) {
    const [candidates, [voucherItem, settingsItem, ...read]] = await Promise.all([
      vouchers.codeCandidates(input.voucherId, input.qty * 2 + 2 + takenByOthers.size, randomId(12)),
      batchGet([
        vouchers.voucherKey(input.voucherId),
        settingsKey(),
        ...vouchers.stockShardKeys(input.voucherId),
        ...risk.keys,
        ...customerRead.keys,
        ...(promo?.keys ?? []),
      ]),
    ]);
    if (!voucherItem) throw new NotFound('Voucher not found');
    const voucher = vouchers.voucherFromItem(voucherItem);
    const settings = settingsItem && settingsFromItem(settingsItem);
    if (settings?.shopStatus !== 1) throw new Conflict(settings?.closedMessage || 'The shop is closed right now');
    const shards = read.slice(0, vouchers.stockShards);
    const riskSettings = risk.read(read.slice(vouchers.stockShards));
    const customerAt = vouchers.stockShards + risk.keys.length;
    const customer = customerRead.read(read.slice(customerAt));
    const now = Date.now();
    const sale = await saleForBuyer(voucher.sales, buyer, now, input.qty);
    const line = saleLine({ gameId: voucher.masterCategoryId, voucherId: voucher.id }, voucher.price, input.qty, sale);
    const priced = pricePromo(promo, read.slice(customerAt + customerRead.keys.length), line, now, sale, customer);
    const { quote } = priced;
    const use = retaken ?? priced.use;
    if (quote.total !== input.amount) throw new Conflict('Price changed, please review your order', { data: { total: quote.total } });
    const available = candidates.filter((code) => !takenByOthers.has(code.codeId));
    if (available.length < input.qty) throw new Conflict('Out of stock');
    // A code order is delivered the moment it is paid: the velocity rules refuse, they never hold it.
    const velocity = velocityCheck(riskSettings, identity, guest, quote.total);

    if (!opened) {
      await limitCheckoutStart(guest.id, origin.clientIp, true);
      const gateway = gateways.forCheckout;
      const { paymentUrl } = await gateway
        .createCheckout({
          fullName: guest.name,
          email: guest.email || `${guest.id}@guest.invalid`,
          amount: quote.total,
          metadata: reference,
          ...checkoutLinks(gateway, '/order/return', reference),
        })
        .catch((error: unknown) => {
          throw error instanceof GatewayError ? error.toShopperError() : error;
        });
      opened = { paymentUrl, gateway: gateway.name };
    }

    const chosen = pickCodes(available, input.qty);
    const pending: PendingCodeOrder = {
      order: {
        orderId,
        userId: guest.id,
        voucherId: voucher.id,
        voucherName: voucher.name,
        unitPrice: sale?.sale.price ?? voucher.price,
        ...(sale ? { saleId: sale.sale.id, listUnitPrice: voucher.price } : {}),
        qty: input.qty,
        codes: chosen.map((code) => code.code),
        createdAt,
        ...(quote.discount > 0 ? { coupanCode: quote.coupanCode, discount: quote.discount } : {}),
      },
      brandId: voucher.masterCategoryId,
      reserved: chosen,
      total: quote.total,
      paymentStatus: 'pending',
      gateway: opened.gateway,
      paymentUrl: opened.paymentUrl,
      createdAt,
      ...(heldUseOf(use, quote) ? { promoUse: heldUseOf(use, quote) } : {}),
      persons: customer.persons,
      guest: { contact, language },
      linkToken: token,
    };
    // The codes first (a cancellation reason at index i names chosen[i]), then their shards; the open checkout after the pending item.
    const claim = vouchers.claimCodeItems(voucher.id, chosen);
    const openCheckoutAt = claim.length + 1;
    const record: TransactionItem[] = [
      ...claim,
      newPendingCodeOrderItem(pending, pendingPaymentKeys(reference, createdAt)),
      openCheckoutItem(guest.id),
      orderLinkItem(token, { userId: guest.id, orderId, kind: 'codes' }, createdAt),
      vouchers.voucherPriceCheckItem(voucher),
      ...(origin.deviceId ? [deviceLinkItem(origin.deviceId, guest.id, createdAt)] : []),
    ];
    const useItems = promoUseItems(use, {
      orderId,
      userId: guest.id,
      discount: quote.price - quote.total,
      total: quote.total,
      at: createdAt,
      status: 'held',
    });
    const marks = customerMarks(customer, use, orderId, createdAt, 'held');
    const velocityAt = record.length + useItems.length + marks.items.length;
    try {
      await transact([...record, ...useItems, ...marks.items, ...velocity.items('refuseOnly', createdAt)]);
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (velocity.failed(error, velocityAt)) throw velocity.refusal();
      const refusal =
        promoUseRefusal(error, use, record.length) ??
        marks.refusal(error, record.length + useItems.length) ??
        tooManyOpenCheckouts(error, openCheckoutAt);
      if (refusal) throw refusal;
      if (saleUnitRefused(error, use, record.length))
        throw new Conflict('Price changed, please review your order', { data: { total: quote.price } });
      retaken = shardWasFull(error, use, record.length) ? await retakeOnAnotherShard(use!) : undefined;
      chosen.forEach((code, index) => {
        if (error.failedAt(index)) takenByOthers.add(code.codeId);
      });
      if (attempt >= maxAttempts) throw new Conflict('Out of stock');
      await sleep(randomInt(5, 20 * attempt));
      continue;
    }
    await tellLowStock({ voucherId: voucher.id, voucherName: voucher.name }, vouchers.stockFromShards(shards) - input.qty, createdAt);
    return { paymentUrl: opened.paymentUrl, orderId };
  }
}
