/** A guest's code order waiting for its gateway payment: the codes reserved for it at checkout, and where its payment stands. */
import type { Language } from '../contract/fields';
import type { GuestContact } from '../contract/rules';
import type { HeldUse } from '../promotions/rules';
import type { GatewayReceipt } from '../shared/receipt';
import type { CodeCandidate, VoucherOrder } from './repo';

/**
 * Where a code order's payment stands: waiting (its codes reserved, out of the inventory);
 * completed (the order was placed with them); cancelled (failed, expired or given up: its codes
 * went back); or credited (paid after it was cancelled when no codes were left: booked for a person
 * to refund the payer, since a guest has no wallet).
 */
export type CodeOrderPaymentStatus = 'pending' | 'completed' | 'cancelled' | 'credited';

/**
 * A guest's purchase of codes through the gateway. `order` is the `VoucherOrder` its payment places
 * (its `codes` those reserved); `reserved` the inventory entries they were taken from, put back
 * with their ids and shards when the payment is cancelled. Kept in the guest's partition
 * (`USER#guest-<hash>` / `PVORDER#<id>`), which no public function but the checkout and the
 * order's link reads; its codes are never logged.
 */
export interface PendingCodeOrder {
  order: VoucherOrder;
  /** The voucher's brand (its game-like category), for the reports. */
  brandId: string;
  reserved: CodeCandidate[];
  /** What the payer is charged: `unitPrice × qty` less a promo code's discount. */
  total: number;
  paymentStatus: CodeOrderPaymentStatus;
  gateway: string;
  paymentUrl: string;
  invoiceId?: string;
  receipt?: GatewayReceipt;
  cancelReason?: string;
  settledAt?: string;
  createdAt: string;
  /** The promo code's use the checkout holds until the payment settles. */
  promoUse?: HeldUse;
  /** Who the order counts as, marked as customers when it is paid. */
  persons?: string[];
  guest: { contact: GuestContact; language: Language };
  /** The order link's secret, for the receipt its payment sends. */
  linkToken: string;
}
