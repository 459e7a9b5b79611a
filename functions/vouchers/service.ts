import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { requireMasterCategory, voucherCountItem } from '../catalog/service';
import { settingsFromItem, settingsKey, shopOpenCheckItem } from '../content/repo';
import { lowStockAlert, raiseAlert } from '../notifications/alerts';
import { codesBoughtNotice } from '../notifications/events';
import {
  type PromoUse,
  pricePromo,
  promoRequest,
  promoUseItems,
  promoUseRefusal,
  retakeOnAnotherShard,
  buyerOf,
  customerMarks,
  customerRequest,
  saleForBuyer,
  saleLine,
  saleUnitRefused,
  shardWasFull,
} from '../promotions/service';
import { codeDiscountOf } from '../promotions/rules';
import { type RequestOrigin, identityOf, riskRequest } from '../risk/service';
import { batchGet } from '../shared/db';
import { Conflict, NotFound } from '../shared/errors';
import { logger } from '../shared/logger';
import { creationStamp, randomId } from '../shared/ids';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import { activeUserCheckItem } from '../users/repo';
import { changeBalance } from '../wallet/money';
import { balanceChangeItems, walletFromItem, walletKey } from '../wallet/repo';
import { type NewCode, codeHash, lowStockMark, maskCode } from './inventory';
import { codeSaleEventItem } from './report-events';
import * as repo from './repo';
import type { CodeCandidate, CodeToAdd, Voucher, VoucherOrder } from './repo';

/**
 * A brand's vouchers with their stock, in order. An empty listing reads the brand too, so that an
 * unknown brand is a 404 while a brand without vouchers is an empty list.
 */
export async function vouchersOf(masterCategoryId: string) {
  const vouchers = await repo.listVouchers(masterCategoryId);
  if (vouchers.length === 0) await requireMasterCategory(masterCategoryId);
  return vouchers;
}

/** How many times a sale is tried again after other buyers took the codes it chose. */
const maxAttempts = 5;

/** `count` distinct candidates picked at random, so that racing buyers tend to choose apart. */
export function pickCodes(candidates: CodeCandidate[], count: number): CodeCandidate[] {
  const pool = [...candidates];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/**
 * Sells `qty` codes of a voucher from the wallet. One transaction deletes each chosen code (on
 * the condition it is still there), decrements its stock shard, debits the wallet (version-checked:
 * never below zero), writes the ledger entry, the order and its receipt, and re-checks the user,
 * the shop and the price. When other buyers took some of the chosen codes, it tries again on other
 * codes a bounded number of times, then answers "Out of stock". Nothing is written by a failed try.
 * A sale that leaves the stock near its low-stock mark then tells the operators (`tellLowStock`).
 */
export async function buyCodes(
  user: ActiveUser,
  voucherId: string,
  qty: number,
  origin: RequestOrigin,
  pricing: { coupanCode?: string; expectedTotal?: number } = {},
): Promise<{ order: VoucherOrder; attempts: number }> {
  const takenByOthers = new Set<string>();
  const buyer = buyerOf(user);
  const promo = promoRequest(pricing.coupanCode, buyer);
  const customerRead = customerRequest({ ...buyer, userId: user.id });
  const risk = riskRequest(identityOf(user, origin));
  // A promo code's shard found full (or the code paused) is read again once, and the next try takes that answer.
  let retaken: PromoUse | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const [candidates, [voucherItem, walletItem, settingsItem, ...read]] = await Promise.all([
      repo.codeCandidates(voucherId, qty * 2 + 2 + takenByOthers.size, randomId(12)),
      batchGet([
        repo.voucherKey(voucherId),
        walletKey(user.id),
        settingsKey(),
        ...repo.stockShardKeys(voucherId),
        ...risk.keys,
        ...customerRead.keys,
        ...(promo?.keys ?? []),
      ]),
    ]);
    const shards = read.slice(0, repo.stockShards);
    const customerAt = repo.stockShards + risk.keys.length;
    const customer = customerRead.read(read.slice(customerAt));
    if (!voucherItem) throw new NotFound('Voucher not found');
    const voucher = repo.voucherFromItem(voucherItem);
    const settings = settingsItem && settingsFromItem(settingsItem);
    if (settings?.shopStatus !== 1) throw new Conflict(settings?.closedMessage || 'The shop is closed right now');
    risk.read(read.slice(repo.stockShards));
    const now = Date.now();
    // A running sale with a cap is read once more (its shards, the buyer's counts): its `qty` units come from one shard.
    const sale = await saleForBuyer(voucher.sales, buyer, now, qty);
    const line = saleLine({ gameId: voucher.masterCategoryId, voucherId }, voucher.price, qty, sale);
    const priced = pricePromo(promo, read.slice(customerAt + customerRead.keys.length), line, now, sale, customer);
    const { quote } = priced;
    const use = retaken ?? priced.use;
    if (pricing.expectedTotal !== undefined && pricing.expectedTotal !== quote.total)
      throw new Conflict('Price changed, please review your order', { data: { total: quote.total } });

    const { id, createdAt } = creationStamp();
    const order: VoucherOrder = {
      orderId: id,
      userId: user.id,
      voucherId,
      voucherName: voucher.name,
      unitPrice: sale?.sale.price ?? voucher.price,
      ...(sale ? { saleId: sale.sale.id, listUnitPrice: voucher.price } : {}),
      qty,
      codes: [],
      createdAt,
      ...(quote.discount > 0 ? { coupanCode: quote.coupanCode, discount: quote.discount } : {}),
    };
    const change = changeBalance(walletFromItem(walletItem), -quote.total, 'voucher-order', order.orderId, codeDiscountOf(quote));
    const available = candidates.filter((code) => !takenByOthers.has(code.codeId));
    if (available.length < qty) throw new Conflict('Out of stock');
    const chosen = pickCodes(available, qty);
    order.codes = chosen.map((code) => code.code);

    const saleItems = [
      ...repo.claimCodeItems(voucherId, chosen),
      ...balanceChangeItems(user.id, change, order.createdAt),
      repo.newVoucherOrderItem(order),
      activeUserCheckItem(user),
      shopOpenCheckItem(),
      repo.voucherPriceCheckItem(voucher),
      codesBoughtNotice(
        { userId: user.id, orderId: order.orderId, voucherName: voucher.name, qty, total: quote.total, codes: order.codes },
        order.createdAt,
      ),
      codeSaleEventItem(order, voucher.masterCategoryId, 'wallet', order.createdAt),
    ];
    const useLine = { orderId: order.orderId, userId: user.id, discount: quote.price - quote.total, total: quote.total, at: createdAt };
    const useItems = promoUseItems(use, { ...useLine, status: 'paid' });
    const marks = customerMarks(customer, use, order.orderId, createdAt, 'paid');
    try {
      await transact([...saleItems, ...useItems, ...marks.items]);
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const refusal = promoUseRefusal(error, use, saleItems.length) ?? marks.refusal(error, saleItems.length + useItems.length);
      if (refusal) throw refusal;
      // A sale's units gone meanwhile (its shard's, or the buyer's): the next try reads it again, at the list price if so.
      if (saleUnitRefused(error, use, saleItems.length)) {
        if (attempt >= maxAttempts) throw new Conflict('The shop is busy right now, please try again');
        continue;
      }
      retaken = shardWasFull(error, use, saleItems.length) ? await retakeOnAnotherShard(use!) : undefined;
      chosen.forEach((code, index) => {
        if (error.failedAt(index)) takenByOthers.add(code.codeId);
      });
      if (attempt >= maxAttempts) throw new Conflict('Out of stock');
      await sleep(randomInt(5, 20 * attempt));
      continue;
    }
    await tellLowStock({ voucherId, voucherName: voucher.name }, repo.stockFromShards(shards) - qty, createdAt);
    return { order, attempts: attempt };
  }
}

/** How far above the low-stock mark a stock read before a sale may be and still hide a crossing: sales racing it. */
const staleStockMargin = 20;

/**
 * Tells the operators, once a day per voucher (the alert's id), that a voucher is at or under its
 * low-stock mark, after a sale or a stock delivery took codes. `leftAtMost` is the stock read
 * before it less what it took: at or under the mark, the alert is written at once; a little above,
 * racing sales may have taken the rest, so the stock is counted again first. The sale is done and
 * answered whatever happens here: a failure is logged, and the next sale tells it.
 */
export async function tellLowStock(voucher: { voucherId: string; voucherName: string }, leftAtMost: number, now: string): Promise<void> {
  if (leftAtMost > lowStockMark + staleStockMargin) return;
  try {
    const left = leftAtMost <= lowStockMark ? Math.max(leftAtMost, 0) : await repo.stockOf(voucher.voucherId);
    if (left <= lowStockMark) await raiseAlert(lowStockAlert({ ...voucher, stock: left, mark: lowStockMark }, now));
  } catch (error) {
    logger.error('low-stock alert not written', { voucherId: voucher.voucherId, error: error as Error });
  }
}

/** `tellLowStock` after a stock delivery took one code of a voucher whose stock read `stockBefore`. */
export async function tellLowStockAfterClaim(voucherId: string, stockBefore: number, now: string): Promise<void> {
  if (stockBefore - 1 > lowStockMark + staleStockMargin) return;
  const voucher = await repo.getVoucher(voucherId).catch((error: unknown) => {
    logger.error('low-stock check failed', { voucherId, error: error as Error });
    return undefined;
  });
  if (voucher) await tellLowStock({ voucherId, voucherName: voucher.name }, stockBefore - 1, now);
}

/** The signed-in user's code purchases, newest first. */
export function codeHistory(user: ActiveUser): Promise<VoucherOrder[]> {
  return repo.listVoucherOrders(user.id);
}

/**
 * Stores a voucher, new or changed (`previous`), counted under its brand, with `alsoWrite` (an
 * operator's audit entry) in the same transaction.
 */
export async function saveVoucher(voucher: Voucher, previous: Voucher | undefined, alsoWrite: TransactionItem[] = []): Promise<Voucher> {
  const items = repo.voucherItems(voucher, !previous, new Date().toISOString());
  if (previous?.masterCategoryId !== voucher.masterCategoryId) {
    items.push(voucherCountItem(voucher.masterCategoryId, 1));
    if (previous) items.push(voucherCountItem(previous.masterCategoryId, -1));
  }
  try {
    await transact([...items, ...alsoWrite]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0))
      throw previous ? new Conflict('The voucher changed meanwhile: please try again') : new Conflict('A voucher with this id exists');
    if (error.reasons.includes('ConditionalCheckFailed')) throw new NotFound('Category not found');
    throw error;
  }
  return voucher;
}

/** Deletes a voucher that has no unsold codes left (else 409), with `alsoWrite` in the same transaction. */
export async function deleteVoucher(voucherId: string, alsoWrite: TransactionItem[] = []): Promise<void> {
  const voucher = await repo.getVoucher(voucherId);
  if (!voucher) throw new NotFound('Voucher not found');
  try {
    await transact([...repo.deleteVoucherItems(voucherId), voucherCountItem(voucher.masterCategoryId, -1), ...alsoWrite]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.failedAt(0)) throw new NotFound('Voucher not found');
    throw new Conflict('This voucher still has unsold codes: void them first');
  }
}

/** Codes of one transaction: two items each (claim, code), the shards' counts and the audit entry stay within 100. */
const codesPerTransaction = 45;

/**
 * Adds codes to a voucher's inventory, each once ever: codes already claimed (sold, unsold under
 * any voucher, or voided) are skipped, and the rest go in transactions that put each claim, each
 * code and its shard's count together. A claim that another upload takes in between cancels its
 * transaction; that code then counts as a duplicate and the rest are written again.
 * `auditItemFor` gives each transaction its audit entry.
 */
export async function addCodes(
  voucherId: string,
  codes: NewCode[],
  auditItemFor: (part: { added: number; part: number; parts: number }) => TransactionItem[] = () => [],
): Promise<{ added: number; duplicates: number }> {
  if (!(await repo.getVoucher(voucherId))) throw new NotFound('Voucher not found');
  const claimed = await repo.claimedHashes(codes.map((code) => code.hash));
  const fresh = codes.filter((code) => !claimed.has(code.hash));
  let duplicates = codes.length - fresh.length;
  let added = 0;
  const parts = Math.ceil(fresh.length / codesPerTransaction);
  for (let part = 0; part < parts; part += 1) {
    let batch: CodeToAdd[] = fresh
      .slice(part * codesPerTransaction, (part + 1) * codesPerTransaction)
      .map((code) => ({ ...code, codeId: randomId(12), shard: randomInt(repo.stockShards) }));
    for (let attempt = 1; batch.length > 0; attempt += 1) {
      try {
        await transact([
          ...repo.addCodeItems(voucherId, batch, new Date().toISOString()),
          ...auditItemFor({ added: batch.length, part: part + 1, parts }),
        ]);
        added += batch.length;
        break;
      } catch (error) {
        if (!(error instanceof TransactionCancelled) || attempt >= 5) throw error;
        const taken = batch.filter((_, i) => error.failedAt(2 * i));
        duplicates += taken.length;
        batch = batch.filter((code) => !taken.includes(code)).map((code) => ({ ...code, codeId: randomId(12) }));
      }
    }
  }
  return { added, duplicates };
}

/** Removes one unsold code and its stock (its claim stays, so it cannot come back), with `alsoWrite`; answers the stock left. */
export async function voidCode(voucherId: string, codeId: string, alsoWrite: TransactionItem[] = []): Promise<number> {
  const code = await repo.getCode(voucherId, codeId);
  if (!code) throw new NotFound('Code not found: it may have been sold or voided');
  try {
    await transact([...repo.voidCodeItems(code, codeHash(code.code), new Date().toISOString()), ...alsoWrite]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Conflict('This code was sold or voided a moment ago');
    throw error;
  }
  return repo.stockOf(voucherId);
}

/**
 * One unsold code of a voucher chosen at random among a few candidates, with the items that
 * claim it (deleted on the condition it is still there, its shard decremented), for a top-up
 * delivered from stock, and the stock read with it (for `tellLowStockAfterClaim`); `skip` names
 * codes a racing claim took. Undefined when none is left.
 */
export async function codeToClaim(
  voucherId: string,
  skip: ReadonlySet<string>,
): Promise<{ code: string; codeId: string; items: TransactionItem[]; stock: number } | undefined> {
  const [found, stock] = await Promise.all([repo.codeCandidates(voucherId, 4 + skip.size, randomId(12)), repo.stockOf(voucherId)]);
  const candidates = found.filter((code) => !skip.has(code.codeId));
  const [chosen] = pickCodes(candidates, 1);
  if (!chosen) return undefined;
  return { code: chosen.code, codeId: chosen.codeId, items: repo.claimCodeItems(voucherId, [chosen]), stock };
}

/** The items that set aside a sold code a shopper reported invalid (`repo.quarantineCodeItems`), for the order it was sold with. */
export const quarantineItems = (voucherId: string, code: string, orderId: string, now: string): TransactionItem[] =>
  repo.quarantineCodeItems(voucherId, codeHash(code.trim()), { maskedCode: maskCode(code), orderId }, now);
