/** How a shopper pays for a top-up: from the wallet, or through the gateway (Instant Payment). */
export type PaymentMode = 'wallet' | 'gateway';

const lastModeKey = 'lastPayMode';

/** The payment mode this device last paid a top-up with, if any. */
export function lastPaymentMode(): PaymentMode | undefined {
  try {
    const stored = localStorage.getItem(lastModeKey);
    return stored === 'wallet' || stored === 'gateway' ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers, on this device, the mode a top-up was just paid with. */
export function rememberPaymentMode(mode: PaymentMode): void {
  try {
    localStorage.setItem(lastModeKey, mode);
  } catch {
    // Storage off (private mode): the next form starts from its default instead.
  }
}

/**
 * The mode a form starts with when none is chosen: the wallet when it covers the pack (or, before a
 * pack is chosen, when it was the last mode used) unless Instant Payment was the last; else Instant Payment.
 */
export function preselectedMode(last: PaymentMode | undefined, walletCovers: boolean | undefined): PaymentMode {
  if (last === 'gateway') return 'gateway';
  if (walletCovers === undefined) return last ?? 'gateway';
  return walletCovers ? 'wallet' : 'gateway';
}
