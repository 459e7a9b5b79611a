/**
 * The table partitions of the rows anyone can call (their `partitions`): what IAM's
 * `dynamodb:LeadingKeys` holds each such function to.
 */
const signInPartitions = [
  'USER#*',
  'EMAIL#*',
  'MOBILE#*',
  'GOOGLE#*',
  'EMAILTOKEN#*',
  'GNONCE#*',
  'LIMIT#login-*',
  'LIMIT#register-*',
  'LIMIT#reset-*',
] as const;

/** What settling a gateway payment writes: see `paymentCallback`. */
const settlementPartitions = [
  'USER#*',
  'WALLET#*',
  'INVOICE#*',
  'ALERT#*',
  'VOUCHER#*',
  'CODEHASH#*',
  'PLAN#*',
  'PROMO#*',
  'CUSTOMER#*',
  'PAYERLINK#*',
  'REPORTEVENT#*',
] as const;

/**
 * The table partitions the functions anyone on the internet can call may touch (IAM
 * `dynamodb:LeadingKeys`): what a public row reads and writes, and what a webhook writes. So no
 * public function can read a code, an order or another's account, and no bug in one can move a
 * balance where IAM would not stop it: wallets and ledgers live in `WALLET#<id>`, which only
 * signed-in, operator, payment and delivery code may write. The shopper's functions that call the
 * payment gateway are held to theirs as well. `*` matches any id
 * (docs/data-layer.md has the keys); `read` or `write` absent: any partition; `indexes`
 * absent: every index.
 */
export const partitionScopes = {
  /**
   * What anyone may browse: games, plan groups, plans, voucher listings, the blog, banners, channels
   * and settings; and the flash sales' units sold (gsi2 `SALES`, never a promo code's partition).
   */
  shopWindow: {
    read: ['MCATS', 'MCAT#*', 'GROUP#*', 'PLAN#*', 'BLOGS', 'BLOG#*', 'SITE', 'SALES'],
    write: ['MCATS', 'MCAT#*', 'GROUP#*', 'PLAN#*', 'BLOGS', 'BLOG#*', 'SITE'],
    indexes: ['gsi1', 'gsi2'],
  },
  /**
   * Making an account, signing in and getting back in: profiles, the email, mobile and Google
   * claims, the e-mail link tokens, the login, registration and reset counters; the wallet only
   * read (its balance is in the signed-in answer).
   */
  signIn: { read: [...signInPartitions, 'WALLET#*'], write: signInPartitions, indexes: [] },
  /** Pricing a checkout (`/user/quote`): the plan or the voucher's listing (gsi2 `VOUCHERS`), and a promo code's items; read only. */
  quote: { read: ['PLAN#*', 'PROMO#*', 'VOUCHERS'], write: [], indexes: ['gsi2'] },
  /**
   * Starting a gateway checkout (an order or a top-up): the pending item and open-checkout count in
   * the account, the checkout limits, the promo code's use the checkout holds, a first-order
   * code's check that the buyer has not bought before, the velocity rules' counters and the
   * device's link to the account.
   */
  checkout: { write: ['USER#*', 'LIMIT#checkout-*', 'PROMO#*', 'CUSTOMER#*', 'VELOCITY#*', 'DEVICE#*'] },
  /** A guest's checkout: what an account's writes, in the guest contact's partition, and the order link's item. */
  guestCheckout: { write: ['USER#*', 'LIMIT#checkout-*', 'PROMO#*', 'CUSTOMER#*', 'VELOCITY#*', 'DEVICE#*', 'ORDERLINK#*'] },
  /**
   * A guest's checkout of codes: a guest checkout's writes, and the codes it reserves (deleted from
   * the voucher's inventory, its stock shards counted down) and the low-stock alert it may raise.
   * A code's claim (`CODEHASH#`) is not written: a reserved code keeps its id, and its claim.
   */
  guestCodeCheckout: {
    write: ['USER#*', 'LIMIT#checkout-*', 'PROMO#*', 'CUSTOMER#*', 'VELOCITY#*', 'DEVICE#*', 'ORDERLINK#*', 'VOUCHER#*', 'ALERT#*'],
  },
  /** A guest's order by its link: the link's item, then the order (and its claim) in the guest's partition; nothing written. */
  guestOrder: { read: ['ORDERLINK#*', 'USER#*'], write: [], indexes: [] },
  /**
   * A guest's report by its link: the claim in the guest's partition, a stock code quarantined or
   * replaced (the voucher's inventory and the code's claim), the operators' alerts, the nickname
   * check's limit and the claim's report events.
   */
  guestClaim: { write: ['USER#*', 'VOUCHER#*', 'CODEHASH#*', 'ALERT#*', 'LIMIT#lookup-*', 'REPORTEVENT#*'] },
  /** A guest's nickname check: the game's plan and its cached answers, and the check's limit per address. */
  guestLookup: { write: ['LIMIT#lookup-*', 'LOOKUP#*'] },
  /** "Find my orders": the one-time code in the contact's guest partition, its limits, the orders read there and their new links. */
  guestFind: { read: ['USER#*', 'LIMIT#guest-*'], write: ['USER#*', 'LIMIT#guest-*', 'ORDERLINK#*'], indexes: [] },
  /**
   * A guest back from the gateway: the order's link, then the settlement as the payer's return, and
   * its limit. Never a wallet: a guest's partition holds no top-up, and another payer's invoice is
   * not found before anything is written.
   */
  guestPaymentReturn: { write: [...settlementPartitions.filter((partition) => partition !== 'WALLET#*'), 'LIMIT#verify-*'] },
  /**
   * The payment gateway's webhook: settling a checkout (the account's order or top-up, the
   * wallet, the day book's invoice line, the operators' alerts, a promo code's held use confirmed
   * or given back, the buyer marked as a customer, the sale's report event) and the automatic
   * delivery a paid order starts (a stock code, a plan paused by its guard).
   */
  paymentCallback: { write: settlementPartitions },
  /** The payer back from the gateway (verify) or giving up (cancel): the settlement, and the limit on payment checks. */
  paymentReturn: { write: [...settlementPartitions, 'LIMIT#verify-*'] },
  /** The supplier's delivery report: the order, its refund to the wallet when it failed, the plan's guard, the operators' alerts, the outcome's and the refund's report events. */
  supplierCallback: { write: ['USER#*', 'WALLET#*', 'INVOICE#*', 'ALERT#*', 'PLAN#*', 'REPORTEVENT#*'] },
} as const satisfies Record<string, { read?: readonly string[]; write?: readonly string[]; indexes?: readonly string[] }>;
export type PartitionScope = keyof typeof partitionScopes;
