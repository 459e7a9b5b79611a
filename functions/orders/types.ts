/** The orders' types: a placed order, its automatic delivery, a refund to the payment method, a pending gateway order. */
import type { Language } from '../contract/fields';
import type { GuestContact } from '../contract/rules';
import type { HeldUse } from '../promotions/rules';
import type { Hold } from '../risk/holds';
import type { GatewayReceipt } from '../shared/receipt';
import type { DeliveryState } from './delivery-rules';

/** Waiting for fulfilment, delivered, or refunded to the wallet. */
export type OrderStatus = 'pending' | 'completed' | 'refunded';

/** A paid plan order, waiting for (or past) fulfilment. */
export interface PlanOrder {
  orderId: string;
  userId: string;
  planId: string;
  planName: string;
  groupName: string;
  /** The game, as it was named when the order was placed. */
  gameName: string;
  masterCategoryId: string;
  /** What was charged: the list price (or a sale's) less any promo code's discount. */
  price: number;
  /** A promo code's use (the code and what it took off), and the plan's list price when a code or a sale priced it lower. */
  coupanCode?: string;
  discount?: number;
  listPrice?: number;
  /** The flash sale whose price this is (promotions/sale-rules.ts). */
  saleId?: string;
  /**
   * The promo code's use: taken with a wallet order; held by a gateway checkout until it is paid
   * (given back once if it is cancelled, fails or expires); given back by a refund where the code says so.
   */
  promoUse?: HeldUse;
  /**
   * Who the order counts as (account, player ID, verified mobile number): a gateway order marks
   * them as customers when it is paid, which is what tells a first order (promotions/repo.ts).
   */
  persons?: string[];
  paidFrom: 'wallet' | 'gateway';
  status: OrderStatus;
  /** FB, Google, VK or Twitter for game-account top-ups; empty for player-ID top-ups. */
  accountType: string;
  /** The player ID, or the game account's email or ID (spec: saccount_id). */
  accountId: string;
  /** The game account's password and backup code, sealed (AES-256-GCM); never shown to the shopper. */
  sealedSecret?: string;
  /** The operator's note to the shopper, set when the order is completed or refunded. */
  remark: string;
  /** The gateway's invoice and what it told us of the payment, for a gateway order. */
  invoiceId?: string;
  receipt?: GatewayReceipt;
  /** A refund back to the payer's bKash/Nagad through the gateway: its intent, written before the call, and its outcome. */
  gatewayRefund?: GatewayRefund;
  createdAt: string;
  /** When it was paid: at once from the wallet, when the gateway's payment settled otherwise. */
  paidAt: string;
  completedAt?: string;
  refundedAt?: string;
  /** An automatic delivery (stock or supplier); absent: the operators' queue. */
  delivery?: Delivery;
  /** The player's in-game name and region from the nickname check, when it was known at the order. */
  playerName?: string;
  playerRegion?: string;
  /** The one correction of its player ID a claim made before it was sent (./claim-rules.ts). */
  playerIdCorrection?: { from: string; to: string; at: string };
  /** A stock code replaced by another after a claim said it was invalid (the old one quarantined), by a rule or an operator. */
  codeReplacement?: { maskedFrom: string; at: string; claimId: string };
  /** Its latest claim (a shopper's report of a problem: ./claim-rules.ts), and the one still open, if any. */
  claimId?: string;
  openClaimId?: string;
  /** A guest's order (no account): the contact its receipt and link went to, and the language they bought in. */
  guest?: { contact: GuestContact; language: Language };
  /** The buyer's first-party device id, when the browser sent one (the review queue's linkage counts). */
  deviceId?: string;
  /**
   * A fraud rule's hold (risk/holds.ts): while `held`, the order sits in the review queue (gsi1
   * `ORDERS#held`), its delivery is `held`, and only a release or a refund moves it.
   */
  hold?: Hold;
}

/**
 * An order's automatic delivery, recorded with the order when it is placed (the intent) and moved
 * by `deliveryMoveItem` only, each move conditioned on the state read.
 */
export interface Delivery {
  mode: 'stock' | 'supplier';
  state: DeliveryState;
  /** Calls made to the supplier: the send and each inquiry. */
  attempts: number;
  /** When it was last sent or asked about. */
  sentAt?: string;
  /**
   * stock: the voucher whose code it takes, and the code taken: kept in the buyer's partition as a
   * code purchase keeps its codes (no public function reaches it), never logged or audited.
   */
  voucherId?: string;
  code?: string;
  /** supplier: which, its product code and what it may cost us (whole taka: the margin guard). */
  supplier?: string;
  sku?: string;
  cost?: number;
  /**
   * As sent: when first (the supplier may be asked about it for a limited time), the most it may
   * cost in the supplier's currency (`max_price`, sent again unchanged with every question), that
   * currency and the exchange rate it was worked out with.
   */
  firstSentAt?: string;
  maxPrice?: number;
  currency?: string;
  rate?: string;
  /** What the supplier charged, in its currency and in whole taka at the rate sent with (rounded up). */
  supplierPrice?: number;
  costPaid?: number;
  /** The supplier's serial of a delivered top-up. */
  serial?: string;
  /** When its shopper reported it missing (a claim): the delivery job asks about it at its next run, the supplier's spacing allowing. */
  shopperAskedAt?: string;
  /** Why it failed or fell back to the queue. */
  reason?: string;
  deliveredAt?: string;
  /** When the supplier's answer was first lost (the reports count an unknown once per order). */
  unknownAt?: string;
}

/**
 * A refund through the gateway, one attempt at a time (`at` names the attempt): `sending` (intent
 * written, call made), `unknown` (the call got no answer: the gateway is asked what happened, never
 * called again blindly, and a person records what its panel shows), `refused` (the gateway's reason;
 * the panel may show it refunded all the same, so a person records that or releases it), `released`
 * (a person found it not refunded: the order may be refunded again, either way), `done`.
 */
export interface GatewayRefund {
  state: 'sending' | 'unknown' | 'refused' | 'released' | 'done';
  at: string;
  remark: string;
  reason?: string;
  /** Who recorded what the gateway's panel showed, for an attempt a person closed. */
  resolvedBy?: string;
}

/**
 * Where a gateway order's payment stands: waiting; completed (the order was placed); cancelled
 * (failed, expired or given up by its payer: never placed); or credited (paid after it had been
 * cancelled: the money went to the wallet instead, the order was not placed).
 */
export type OrderPaymentStatus = 'pending' | 'completed' | 'cancelled' | 'credited';

/** A plan order paid through the gateway: pending until its payment completes (then it becomes a `PlanOrder`) or is cancelled. */
export interface PendingOrder {
  order: PlanOrder;
  paymentStatus: OrderPaymentStatus;
  /** The payment gateway its checkout was opened at (absent on orders from before gateways were named). */
  gateway?: string;
  /** The gateway's invoice, from the first return, webhook or operator that names it (the checkout does not). */
  invoiceId?: string;
  receipt?: GatewayReceipt;
  paymentUrl: string;
  cancelReason?: string;
  /** When its payment was settled, paid or cancelled. */
  settledAt?: string;
  createdAt: string;
  /** The hold the checkout's fraud rules decided on: the order is placed held when it is paid. */
  hold?: Hold;
  /** A guest's order link's secret, for the receipt its payment sends (never on the placed order). */
  linkToken?: string;
}
