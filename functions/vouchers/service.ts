import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { requireMasterCategory } from '../catalog/service';
import { settingsFromItem, settingsKey, shopOpenCheckItem } from '../content/repo';
import { batchGet } from '../shared/db';
import { Conflict, NotFound } from '../shared/errors';
import { timeOrderedId } from '../shared/ids';
import { TransactionCancelled, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import { activeUserCheckItem } from '../users/repo';
import { changeBalance, totalPrice } from '../wallet/money';
import { balanceChangeItems, walletFromItem, walletKey } from '../wallet/repo';
import * as repo from './repo';
import type { CodeCandidate, VoucherOrder } from './repo';

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
function pick(candidates: CodeCandidate[], count: number): CodeCandidate[] {
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
 * never below zero), writes the ledger entry and the order, and re-checks the user, the shop and
 * the price. When other buyers took some of the chosen codes, it tries again on other codes a
 * bounded number of times, then answers "Out of stock". Nothing is written by a failed try.
 */
export async function buyCodes(user: ActiveUser, voucherId: string, qty: number): Promise<VoucherOrder> {
  const takenByOthers = new Set<string>();
  for (let attempt = 1; ; attempt += 1) {
    const [snapshot, [walletItem, settingsItem]] = await Promise.all([
      repo.saleSnapshot(voucherId, qty * 3 + 5 + takenByOthers.size),
      batchGet([walletKey(user.id), settingsKey()]),
    ]);
    const { voucher } = snapshot;
    if (!voucher) throw new NotFound('Voucher not found');
    const settings = settingsItem && settingsFromItem(settingsItem);
    if (settings?.shopStatus !== 1) throw new Conflict(settings?.closedMessage || 'The shop is closed right now');

    const order: VoucherOrder = {
      orderId: timeOrderedId(),
      userId: user.id,
      voucherId,
      voucherName: voucher.name,
      unitPrice: voucher.price,
      qty,
      codes: [],
      createdAt: new Date().toISOString(),
    };
    const change = changeBalance(walletFromItem(walletItem), -totalPrice(voucher.price, qty), 'voucher-order', order.orderId);
    const available = snapshot.codes.filter((code) => !takenByOthers.has(code.codeId));
    if (available.length < qty) throw new Conflict('Out of stock');
    const chosen = pick(available, qty);
    order.codes = chosen.map((code) => code.code);

    try {
      await transact([
        ...repo.claimCodeItems(voucherId, chosen),
        ...balanceChangeItems(user.id, change, order.createdAt),
        repo.newVoucherOrderItem(order),
        activeUserCheckItem(user),
        shopOpenCheckItem(),
        repo.voucherPriceCheckItem(voucher),
      ]);
      return order;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      chosen.forEach((code, index) => {
        if (error.failedAt(index)) takenByOthers.add(code.codeId);
      });
      if (attempt >= maxAttempts) throw new Conflict('Out of stock');
      await sleep(randomInt(5, 20 * attempt));
    }
  }
}

/** The signed-in user's code purchases, newest first. */
export function codeHistory(user: ActiveUser): Promise<VoucherOrder[]> {
  return repo.listVoucherOrders(user.id);
}
