import type { alertKindNames } from './admin-operations';
import type { blockKinds, riskKeyKinds, velocityWindows } from './rules';
import type {
  BlogPostRow,
  ClaimRow,
  DeliveryMode,
  EventRow,
  LedgerEntryRow,
  ListPage,
  MasterCategoryRow,
  OrderDelivery,
  OrderRow,
  PaymentChannelRow,
  PaymentCheck,
  PlanGroupRow,
  PlanRow,
  SiteSettingsRow,
  VoucherRow,
  WireStatus,
} from './wire';

/**
 * The console's answers (/admin/...) as the wire carries them, beside the shop's in ./wire.ts: the
 * server's views return these shapes and the console reads them. Type-only: nothing here runs.
 */

/** GET /admin/orders: a plan order as the operators' queue shows it. */
export interface AdminOrderRow extends Omit<OrderRow, 'paid_by' | 'delivery'> {
  /** The game's icon (its master category's image, read with the page), empty for a deleted game; `game` names it. */
  game_icon: string;
  user_id: string;
  paid_by: 'wallet' | 'gateway';
  /** FB, Google, VK or Twitter for a game-account (ID-password) order, whose `saccount_id` is the login; empty for a player ID. */
  account_type: string;
  delivery: AdminOrderDelivery;
  /** A fraud rule's hold, held now or decided; null when it never was. */
  hold: AdminHold | null;
}

/** An order's delivery as operators see it: why it fell back to the queue, the attempts, the supplier and the cost (margin). */
export interface AdminOrderDelivery extends Omit<OrderDelivery, 'code'> {
  /** Why an automatic order waits for an operator, or the supplier's reason of a failure; empty otherwise. */
  reason: string;
  /** Calls made to the supplier for it (the first send and each inquiry). */
  attempts: number;
  /** The supplier that delivers it and what it may cost us (whole taka); empty and 0 for manual and stock orders. */
  supplier: string;
  cost: number;
  /**
   * What the supplier charged for a delivered top-up: in its currency (`supplier_currency`), and in
   * whole taka at the exchange rate it was sent with (rounded up); null until it says.
   */
  supplier_price: number | null;
  supplier_currency: string;
  cost_paid: number | null;
  /** A stock-mode order holds a code: `reveal` shows it, audited. */
  has_code: boolean;
}

/** A fraud rule's hold on an order: why, since when, and where it stands (released or refunded once decided). */
export interface AdminHold {
  state: 'held' | 'released' | 'refunded';
  reasons: { kind: 'first-large-order' | 'velocity' | 'payer-blocked' | 'payer-search'; text: string }[];
  at: string;
  decided_at: string | null;
  /** The minutes promised to the shopper; `overdue` once a held order has waited longer. */
  review_within_minutes: number;
  overdue: boolean;
}

/** GET /admin/orders/{id}: the order and the game account to top up, never its password. */
export interface AdminOrderDetail extends AdminOrderRow {
  group_name: string;
  account: { type: 'uid'; player_id: string } | { type: 'login'; account_type: string; email_or_phone: string; has_secret: boolean };
  completed_at: string | null;
  refunded_at: string | null;
  /** A gateway order's receipt; null for a wallet order. */
  receipt: PaymentReceipt | null;
  /**
   * The latest refund back to the payment method: under way (`sending`), `unknown` (no answer),
   * `refused` (its reason), `released` (a person found it not refunded) or `done`; `awaits_person`
   * when the gateway's panel must be checked and recorded (POST /admin/orders/{id}/gateway_refund).
   */
  gateway_refund: {
    state: 'sending' | 'unknown' | 'refused' | 'released' | 'done';
    at: string;
    reason: string;
    awaits_person: boolean;
    resolved_by: string;
  } | null;
}

/** POST /admin/orders/{id}/reveal: the game-account secret, or a stock-mode order's code, for the operator who fulfils it. */
export interface RevealedSecret {
  password: string;
  backup_code: string;
  /** A stock-mode order's code to redeem; empty for others. */
  code: string;
}

/** What the gateway told us of a settled payment; the payer's number masked. Amounts are the gateway's decimal strings. */
export interface PaymentReceipt {
  invoice_id: string;
  payment_method: string;
  sender_number: string;
  transaction_id: string;
  fee: string;
  charged_amount: string;
}

/** GET /admin/wallet_requests */
export interface AdminWalletRequestRow {
  rq_id: string;
  user_id: string;
  txn_id: string;
  amount: number;
  status: WireStatus;
  created_at: string;
  invoice_id: string;
  cancel_reason: string;
  /** A paid top-up's receipt; null otherwise. */
  receipt: PaymentReceipt | null;
}

/** GET /admin/payments/waiting: a gateway payment still waiting, oldest first. */
export interface AdminWaitingPayment {
  kind: 'wallet' | 'order' | 'codes';
  id: string;
  user_id: string;
  amount: number;
  created_at: string;
  /** Empty while no return, webhook or operator has named it: only an operator can settle it then. */
  invoice_id: string;
  /** When the reconciler last asked the gateway about it; empty if never. */
  checked_at: string;
}

/** POST /admin/payments/settle: where the payment that the invoice names stands now. */
export interface AdminSettledPayment extends PaymentCheck {
  changed: boolean;
}

/**
 * GET /admin/payments/daily: gateway money of a day (or of one channel in it, or of the range).
 * Amounts are whole taka; `fees` and `charged` are the gateway's fee and charged amount summed
 * exactly, as decimal strings with two places ("9.25").
 */
export interface PaymentFigures {
  /** Payment lines: top-ups credited and gateway orders paid. */
  payments: number;
  amount: number;
  fees: string;
  charged: string;
  /** Refund lines: money sent back to the payer's bKash, Nagad… */
  refunds: number;
  refunded: number;
  /** amount − refunded. */
  net: number;
}

/** One channel of a day: the gateway's payment method, lower case ("bkash", "nagad"; "unknown" when it named none). */
export interface PaymentChannelFigures extends PaymentFigures {
  payment_method: string;
}

/** One line of the gateway's day book (`?detail=1`): a payment settled or a refund sent back, the payer's number masked. */
export interface PaymentBookLine extends PaymentReceipt {
  /** When the shop settled the payment or closed the refund. */
  at: string;
  /** When the gateway says the payment was made (its own clock, which dates the line); null when it gave none, and for a refund. */
  paid_at: string | null;
  kind: 'payment' | 'refund';
  /** What it paid for or refunds: a top-up request or an order. */
  ref_kind: 'wallet' | 'order' | 'codes';
  ref_id: string;
  user_id: string;
  amount: number;
}

/** One Dhaka day of the report: its channels (by name), their totals, and with `?detail=1` its lines in time order. */
export interface PaymentDay {
  day: string;
  channels: PaymentChannelFigures[];
  totals: PaymentFigures;
  lines?: PaymentBookLine[];
}

/** GET /admin/payments/daily?from=&to=: every day of the range, oldest first, and the range's totals. */
export interface AdminPaymentDays {
  days: PaymentDay[];
  totals: PaymentFigures;
}

/** GET /admin/users */
export interface AdminUserRow {
  user_id: string;
  name: string;
  email: string;
  mobile_no: string;
  role: 'shopper' | 'admin';
  balance: number;
  created_at: string;
}

/** GET /admin/users/{id}: the user, the balance and the newest 100 ledger lines. */
export interface AdminUserDetail extends AdminUserRow {
  ledger: LedgerEntryRow[];
  /** The fraud rules' linkage flags of the account (many player IDs topped up), in operator words. */
  flags: string[];
}

/** GET /admin/blocklist: one blocked identity, oldest first. */
export interface BlockRow {
  kind: (typeof blockKinds)[number];
  value: string;
  reason: string;
  actor_id: string;
  created_at: string;
}

/** GET /admin/holds: a held order in the review queue, with its account's history and the linkage flags. */
export interface ReviewRow {
  order: AdminOrderRow;
  account: {
    user_id: string;
    name: string;
    email: string;
    mobile_no: string;
    mobile_verified: boolean;
    /** When the account was made: a young one is what the rules watch. */
    created_at: string;
    /** Its orders (up to the newest 100) and how many of them were refunded. */
    orders: number;
    refunded: number;
  };
  /** Linkage signals in operator words (many player IDs from one account, many accounts on one player ID or device). */
  flags: string[];
}

/** A velocity rule on the wire (`text`: the rule in operator words). */
export interface VelocityRuleRow {
  id: string;
  key: (typeof riskKeyKinds)[number];
  window: (typeof velocityWindows)[number];
  max_count: number;
  max_amount: number;
  action: 'refuse' | 'hold';
  young_only: boolean;
  text: string;
}

/** GET /admin/risk, and the answer of its changes. */
export interface RiskSettingsRow {
  young_account_days: number;
  first_order_hold_amount: number;
  review_within_minutes: number;
  rules: VelocityRuleRow[];
}

/** GET /admin/payers (and POST /admin/payers/hold, with `held`): what one payer's number paid for in a range. */
export interface PayerHistoryRow {
  /** Gateway orders, oldest first; `holdable` when not gone out yet (a hold would stop it). */
  orders: (AdminOrderRow & { holdable: boolean })[];
  /** Wallet top-ups credited from the number. */
  top_ups: { request_id: string; user_id: string; amount: number; paid_at: string }[];
  held: number;
}

/** GET /admin/claims/{id}/image: a report's screenshot as a data: URL (the file itself is never served). */
export interface ClaimImage {
  image: string;
}

/** GET /admin/claims: a claim with its order (null if the order is gone) and how long it has been open. */
export interface AdminClaimRow extends ClaimRow {
  user_id: string;
  age_minutes: number;
  /** Open past the minutes promised for an answer (the alert settings' `claim_answer_minutes`). */
  overdue: boolean;
  order: AdminOrderRow | null;
}

/** GET /admin/audit */
export interface AuditRow {
  at: string;
  actor_id: string;
  action: string;
  target: string;
  detail: string;
}

/** GET /admin/dashboard: today (Asia/Dhaka) and what needs attention. */
export interface Dashboard {
  day: string;
  today: { orders: number; orders_amount: number; codes_sold: number; codes_amount: number; topups: number; topups_amount: number };
  pending_orders: number;
  pending_topups: number;
  low_stock: { voucher_id: string; voucher_name: string; stock: number }[];
  /** Today's delivered orders by how (automatic: stock or supplier), and the minutes from payment to delivery of all of them. */
  deliveries: { automatic: number; manual: number; median_minutes: number | null; p90_minutes: number | null };
}

/** GET /admin/deliveries: automatic deliveries that are open or failed, paused plans, and each supplier's balance. */
export interface AdminDeliveries {
  /** Sent or waiting at the supplier (`delivering`), or asked about after a lost answer (`unknown`), oldest first. */
  open: AdminOrderRow[];
  /** Failed and refunded today, newest first. */
  failed: AdminOrderRow[];
  /** Plans whose automatic delivery stopped (price at or below cost, supplier price above the recorded cost) until an operator saves them. */
  paused_plans: { plans_id: string; pname: string; reason: string }[];
  suppliers: AdminSupplier[];
}

/**
 * A top-up supplier as the console shows it: the currency it prices in and the exchange rate set
 * (units per taka, empty until an operator sets one; a supplier pricing in BDT needs none), the
 * balance the delivery job last read (its currency and in taka at that rate; null when unread, with
 * `error`), when, and the outbound address its calls leave from, to whitelist with it where it
 * demands one (`needs_fixed_address`; empty: this stage has none, and its plans stay manual).
 */
export interface AdminSupplier {
  name: string;
  currency: string;
  rate: string;
  rate_set_at: string | null;
  balance: number | null;
  balance_taka: number | null;
  checked_at: string | null;
  error: string;
  needs_fixed_address: boolean;
  egress_address: string;
}

/** A game or gift-card brand as operators edit it. */
export interface AdminMasterCategory extends MasterCategoryRow {
  position: number;
  /** The nickname lookup's name for the game ("freefire"); empty: no lookup, the confirm step shows no name. */
  lookup_code: string;
}

/** A plan group as operators edit it. */
export interface AdminPlanGroup extends PlanGroupRow {
  position: number;
}

/** A plan as operators edit it; `category_id` is its plan group. */
export interface AdminPlan extends PlanRow {
  category_id: string;
  position: number;
  delivery: DeliveryMode;
  /** stock: the voucher whose codes it consumes; empty otherwise. */
  delivery_voucher_id: string;
  /** supplier: the supplier's product code and what one costs us (whole taka); empty and 0 otherwise. */
  supplier_sku: string;
  cost: number;
  /** Why automatic delivery stopped for it (saving the plan starts it again); empty when it runs. */
  delivery_paused: string;
}

/** GET /admin/catalog: every game with its plan groups and their plans, in menu order. */
export interface AdminCatalog {
  master_categories: (AdminMasterCategory & { groups: (AdminPlanGroup & { plans: AdminPlan[] })[] })[];
}

/** GET /admin/vouchers */
export interface AdminVoucher extends VoucherRow {
  mcategory_id: string;
  position: number;
}

/** POST /admin/vouchers/{id}/codes */
export interface CodeUploadResult {
  added: number;
  duplicates: number;
  stock: number;
}

/** GET /admin/vouchers/{id}/codes: the unsold codes, each masked to its last four characters. */
export interface MaskedCodes extends ListPage<{ code_id: string; masked: string; created_at: string }> {
  stock: number;
}

/** A home-page banner as operators edit it. */
export interface AdminEvent extends EventRow {
  id: string;
  position: number;
}

/** A payment channel as operators edit it. */
export interface AdminPaymentChannel extends PaymentChannelRow {
  position: number;
}

/** The site settings as operators edit them: the shoppers' fields, the shop's status and the Watch video link. */
export interface AdminSiteSettings extends SiteSettingsRow {
  upay: string;
}

/** GET /admin/content: banners, payment channels, site settings and blog posts. */
export interface AdminContent {
  events: AdminEvent[];
  senders: AdminPaymentChannel[];
  settings: AdminSiteSettings;
  blogs: BlogPostRow[];
}

/** POST /admin/uploads: a presigned form POST and the URL the uploaded image will have. */
export interface UploadPermit {
  upload_url: string;
  fields: Record<string, string>;
  url: string;
}

/** GET and POST /admin/alert_settings: where operator alerts go and which are sent. */
export interface AdminAlertSettings {
  chat_id: string;
  payment_pending_minutes: number;
  claim_answer_minutes: number;
  kinds: Record<(typeof alertKindNames)[number], boolean>;
}

/** A promo code as the console lists it (GET/POST /admin/promo_codes), with what it did so far. */
export interface PromoCodeRow {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  description: string;
  max_discount: number | null;
  min_total: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  per_person: number;
  plan_ids: string;
  voucher_ids: string;
  game_ids: string;
  /** Only for a buyer's first paid order, counted by account, player ID and verified mobile number. */
  first_order_only: 0 | 1;
  refund_returns_use: 0 | 1;
  below_cost: 0 | 1;
  public: 0 | 1;
  active: 0 | 1;
  /** The giveaway batch of a single-use code (POST with `count`), else null. */
  batch: string | null;
  uses: number;
  discount_total: number;
  revenue: number;
  created_at: string;
}

/** A flash sale in the console (GET/POST /admin/sales), with the units sold and what it took off the list price. */
export interface SaleRow {
  sale_id: string;
  /** What the sale is on: a plan or a voucher (the other null). */
  plan_id: string | null;
  voucher_id: string | null;
  price: number;
  starts_at: string;
  ends_at: string;
  quantity: number | null;
  per_person: number | null;
  sold: number;
  discount_total: number;
  revenue: number;
  /** 0 once ended early from the console. */
  active: 0 | 1;
  created_at: string;
}

/** One order's use of a promo code (GET /admin/promo_codes/{code}/uses): who, which order, what it took off and where it stands. */
export interface PromoUseRow {
  order_id: string;
  user_id: string;
  /** held: a checkout waiting for its payment; paid; released: its checkout given up; returned: its order refunded. */
  status: 'held' | 'paid' | 'released' | 'returned';
  discount: number;
  total: number;
  at: string;
}

/** A line of the sales report (whole taka): `margin` is `net` less refunds and the recorded cost. */
export interface SalesFigures {
  orders: number;
  units: number;
  gross: number;
  discount: number;
  net: number;
  refunds_wallet: number;
  refunds_method: number;
  cost: number;
  margin: number;
}

/** A plan's or a voucher's figures over the range (or a day, in the day table). */
export interface SalesItemRow extends SalesFigures {
  item_kind: 'plan' | 'voucher';
  /** The game's id, or the voucher brand's. */
  game_id: string;
  game_name: string;
  item_id: string;
  item_name: string;
}

/** A game's (or a voucher brand's) figures over the range: its plans' and vouchers' summed. */
export interface SalesGameRow extends SalesFigures {
  game_id: string;
  game_name: string;
}

/** A supplier's deliveries over the range: settled ones, failed ones, ones whose outcome the supplier left unknown, and the mean seconds from paid to delivered. */
export interface SupplierRow {
  supplier: string;
  deliveries: number;
  failures: number;
  unknowns: number;
  average_seconds: number | null;
}

/** Claims and holds over the range: opened, closed by a rule (the shop's own answer) or by an operator, the mean hours to close; orders held for review and released. */
export interface ClaimFigures {
  opened: number;
  settled_by_rule: number;
  settled_by_hand: number;
  average_hours: number | null;
  held: number;
  released: number;
}

/** A day of the trend: its totals (zeros on a quiet day). */
export interface SalesDayRow {
  day: string;
  totals: SalesFigures;
}

/**
 * GET /admin/reports/sales: a range of Dhaka days (at most `maxReportDays`) from the day aggregates:
 * every day's totals (the trend, oldest first), and the range's rankings, each highest `net` (or
 * amount, revenue, deliveries) first.
 */
export interface AdminSalesReport {
  from: string;
  to: string;
  totals: SalesFigures;
  days: SalesDayRow[];
  games: SalesGameRow[];
  items: SalesItemRow[];
  channels: { channel: string; payments: number; amount: number }[];
  promos: { coupan_code: string; uses: number; discount: number; revenue: number }[];
  suppliers: SupplierRow[];
  claims: ClaimFigures;
}
