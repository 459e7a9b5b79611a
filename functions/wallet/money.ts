import { Conflict } from '../shared/errors';

/** Why a balance moved; every ledger entry names one. */
export type LedgerReason = 'topup' | 'plan-order' | 'voucher-order' | 'refund' | 'adjustment';

/** A wallet as read: its balance in whole taka and the version its next change must match. */
export interface Wallet {
  balance: number;
  version: number;
}

/** The wallet after a change, and the ledger entry that records it. */
export interface BalanceChange {
  before: Wallet;
  after: Wallet;
  delta: number;
  reason: LedgerReason;
  reference: string;
  /** What a promo code took off a purchase, for the statement to show beside what was paid. */
  discount?: PromoDiscount;
}

/** A promo code's discount on a purchase: whole taka, and the code. */
export interface PromoDiscount {
  amount: number;
  code: string;
}

/**
 * Applies a whole-taka delta to a wallet. A debit larger than the balance is a 409
 * "Insufficient balance"; a fractional or zero delta is a programming error.
 */
export function changeBalance(
  wallet: Wallet,
  delta: number,
  reason: LedgerReason,
  reference: string,
  discount?: PromoDiscount,
): BalanceChange {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`A balance change must be a non-zero whole number, got ${delta}`);
  const balance = wallet.balance + delta;
  if (balance < 0) throw new Conflict('Insufficient balance');
  return { before: wallet, after: { balance, version: wallet.version + 1 }, delta, reason, reference, ...(discount ? { discount } : {}) };
}

/** The total of `count` units at `unitPrice`, in whole taka. */
export function totalPrice(unitPrice: number, count: number): number {
  const total = unitPrice * count;
  if (!Number.isSafeInteger(total) || total <= 0) throw new Error(`Bad total for ${count} × ${unitPrice}`);
  return total;
}
