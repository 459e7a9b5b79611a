import type { alertKindNames } from './admin-operations';
import type { PlayerIdFormat } from './rules';

/**
 * The API's answers as the wire carries them (../shared/api-contract.md): the server's views
 * return these shapes and the web reads them, so a field renamed on one side fails to compile
 * on the other. Type-only: nothing here runs.
 */

/** Orders and wallet requests carry their status as a string: "0" pending, "1" completed, "2" refunded or cancelled. */
export type WireStatus = '0' | '1' | '2';

/** Plan status: 1 on sale, 0 out of stock. */
export type WirePlanStatus = 0 | 1;

/** POST /auth/login, /user/user_data, /user/update_user: the signed-in user. */
export interface UserInfo {
  /** On login and on a password change only. */
  authToken?: string;
  code: string;
  name: string;
  email: string;
  mobile_no: string;
  image: string;
  photoURL: string;
  wallet_balance: number;
  /** False for a Google-only account, which may set a first password without a current one. */
  has_password: boolean;
  /** `admin` for the shop's operators, who see the admin console. */
  role: 'shopper' | 'admin';
  /** Whether the owner proved the email (the link we mailed, or Google). */
  email_verified: boolean;
  /** A new email waiting for its owner to follow the link mailed to it; empty when none. */
  /** The language of the shop the account chose (its mails' language): `bn` or `en`. */
  language: 'bn' | 'en';
  pending_email: string;
}

/** GET /user/master_category_list */
export interface MasterCategoryRow {
  id: string;
  cname: string;
  image: string;
}

/** POST /user/category_list: a plan group of a game. */
export interface PlanGroupRow {
  id: string;
  cname: string;
  image: string;
  master_category: string;
  /** How the game's player IDs look (a UID group's); null when the group takes a game-account login or states none. */
  player_id_format: PlayerIdFormat | null;
}

/** POST /user/plan_list/ */
export interface PlanRow {
  plans_id: string;
  pname: string;
  image: string;
  price: number;
  no_of_diamonds: number;
  status: WirePlanStatus;
}

/** POST /user/auto_delivery_vouchers_list */
export interface VoucherRow {
  voucher_id: string;
  voucher_name: string;
  image: string;
  price: number;
  stock: number;
  /** The Rules, as HTML. */
  description: string;
}

/** GET /user/event_list: a banner slide. */
export interface EventRow {
  image: string;
  ename: string;
  description: string;
}

/** GET /user/blog_list, /user/blog/{id} */
export interface BlogPostRow {
  blog_id: string;
  type: 'image' | 'video';
  image: string;
  youtube_id: string;
  title: string;
  content: string;
  created_at: string;
}

/** GET /user/shop_status */
export interface ShopStatus {
  shopStatus: 0 | 1;
  errorMessage: string;
}

/** GET /user/get_senders: a payment channel of the add-money page. */
export interface PaymentChannelRow {
  id: string;
  name: string;
  logo: string;
  number: string;
}

/** GET /user/site_settings; it carries the shop status too, so that every page shows a closed shop from the read it already makes. */
export interface SiteSettingsRow extends ShopStatus {
  popup_status: string;
  popup_text: string;
  popup_image: string;
  /** Changes when an operator changes the popup's image or text: a device that closed it sees the new one once. */
  popup_version: string;
  popup_status2: string;
  popup_text2: string;
  popup_image2: string;
  popup_version2: string;
  phone: string;
  messenger_link: string;
  /** The shop's WhatsApp number, digits with the country code (8801…), or empty: no WhatsApp. */
  whatsapp: string;
  app_link: string;
  social: { name: string; url: string }[];
  /** The least and the most one wallet top-up may add, in whole taka (the stage's configuration). */
  top_up_min: number;
  top_up_max: number;
}

/** GET /user/redeem_link: the Watch button's video. */
export interface RedeemLink {
  upay: string;
}

/** POST /user/get_wallet_request: a wallet top-up, with why a cancelled one did not go through. */
export interface WalletRequestRow {
  rq_id: string;
  txn_id: string;
  status: WireStatus;
  amount: number;
  created_at: string;
  /** The payer's mobile number, masked to its last three digits. */
  sender_id: string;
  /** The provider that paid it: bkash, nagad, rocket, upay… */
  sender_name: string;
  /** The provider's transaction id of a paid one, for support. */
  transaction_id: string;
  cancel_reason: string;
  /** Paid after it had been cancelled or had expired: credited all the same. */
  paid_late: boolean;
  /** Waiting, and the gateway has the payment: the provider is confirming it (it may take hours). */
  payment_confirming: boolean;
  /** While it waits for its payment: where to pay. */
  payment_url: string;
  /** The gateway's invoice, once the payer came back or the gateway told us (empty before). */
  invoice_id: string;
}

/** POST /user/get_request_list, POST /user/request/: a plan order. */
export interface OrderRow {
  order_id: string;
  created_at: string;
  status: WireStatus;
  paid_amount: number;
  plan_name: string;
  saccount_id: string;
  remark: string;
  /** The game, as named when the order was placed. */
  game: string;
  /** The game's id, the plan's id and the plan group's name: what Buy again fills the game page's form with. */
  game_id: string;
  plan_id: string;
  group_name: string;
  /** How the order was placed: by player ID (true), or with a game-account login. */
  by_player_id: boolean;
  paid_by: 'wallet' | 'gateway';
  /** A gateway order whose payment has not come: "Awaiting payment", with `payment_url` to pay now. */
  awaiting_payment: boolean;
  /** Awaiting, and the gateway has the payment: the provider is confirming it (it may take hours). */
  payment_confirming: boolean;
  /** A gateway order whose payment was cancelled or never came: it was never placed. */
  payment_cancelled: boolean;
  payment_url: string;
  /** The gateway's invoice, once the payer came back or the gateway told us (empty before). */
  invoice_id: string;
  /** The provider's transaction id of a gateway payment, for support and refunds. */
  transaction_id: string;
  /** How the order is delivered and where that stands (contract: Delivery). */
  delivery: OrderDelivery;
}

/** A plan's delivery mode: the operators' queue, one code of a linked voucher, or a supplier's top-up API. */
export type DeliveryMode = 'manual' | 'stock' | 'supplier';

/**
 * Where an order's delivery stands: `waiting` for an operator (manual, or fallen back to the
 * queue), `delivering` (sent, or pending at the supplier), `unknown` (the answer was lost: the
 * supplier is asked), `delivered`, or `failed` (refunded to the wallet).
 */
export type DeliveryState = 'waiting' | 'delivering' | 'unknown' | 'delivered' | 'failed';

export interface OrderDelivery {
  mode: DeliveryMode;
  state: DeliveryState;
  /** The player's in-game name from the nickname check, when it was known; empty otherwise. */
  player_name: string;
  /** A stock-mode order's code, once delivered, for the shopper to redeem (empty otherwise). */
  code: string;
}

/** POST /user/player_lookup: the player behind an ID, before paying. */
export interface PlayerLookup {
  player_name: string;
  region: string;
}

/** POST /user/order/{id}: the shopper's own order with its timeline. */
export interface OrderDetail extends OrderRow {
  timeline: {
    status:
      | 'placed'
      | 'awaiting_payment'
      | 'payment_cancelled'
      | 'paid'
      | 'delivering'
      | 'delivered'
      | 'delivery_failed'
      | 'completed'
      | 'refunded';
    at: string;
    remark: string;
  }[];
}

/** POST /user/get_voucher_history: a code purchase; `price` is the unit price, `codes` comma-separated. */
export interface CodeOrderRow {
  order_id: string;
  created_at: string;
  voucher_name: string;
  price: number;
  codes: string;
}

/** POST /user/buy_voucher/ */
export interface CodeSale {
  order_id: string;
  codes: string;
}

/** POST /user/request_webview, /user/wallet_request_webview: where the payer goes next, and our id of the payment (the order or the top-up request). */
export interface CheckoutAnswer {
  status: number;
  payment_url: string;
  message: string;
  id: string;
}

/** POST /user/verify_payment: where a gateway payment stands. */
export interface PaymentCheck {
  kind: 'wallet' | 'order';
  id: string;
  status: WireStatus;
}

/** One page of a list that can grow; `next_cursor` is null at the end. */
export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** A wallet ledger line: what moved the balance, by how much, and the balance after. */
export interface LedgerEntryRow {
  seq: number;
  delta: number;
  balance_after: number;
  reason: 'topup' | 'purchase' | 'refund' | 'adjustment';
  reference: string;
  created_at: string;
}

/** GET /admin/orders: a plan order as the operators' queue shows it. */
export interface AdminOrderRow extends Omit<OrderRow, 'paid_by' | 'delivery'> {
  /** The game's icon (its master category's image, read with the page), empty for a deleted game; `game` names it. */
  game_icon: string;
  user_id: string;
  paid_by: 'wallet' | 'gateway';
  /** FB, Google, VK or Twitter for a game-account (ID-password) order, whose `saccount_id` is the login; empty for a player ID. */
  account_type: string;
  delivery: AdminOrderDelivery;
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
  kind: 'wallet' | 'order';
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
  ref_kind: 'wallet' | 'order';
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

/** POST /user/wallet_statement: the ledger, newest first, a page at a time. */
export type WalletStatement = ListPage<LedgerEntryRow>;

/** POST /user/player_ids: the shopper's recent player IDs for a game. */
export interface RecentPlayerId {
  player_id: string;
  last_used: string;
}

/** POST /user/notifications: one notification of the account. */
export interface NotificationRow {
  id: string;
  at: string;
  kind: 'order_paid' | 'order_delivered' | 'order_refunded' | 'codes_bought' | 'wallet_credited' | 'payment_cancelled' | 'password_changed';
  title: string;
  body: string;
  /** The shop's own path it opens. */
  link: string;
  read: boolean;
}

/** POST /user/notification_settings: which optional mail the shopper gets (receipts, refunds and security notices always go). */
export interface NotificationSettings {
  mail: { delivery_updates: boolean; payment_updates: boolean };
}

/** POST /mail/unsubscribe: the kind of mail turned off. */
export interface Unsubscribed {
  topic: 'delivery_updates' | 'payment_updates';
}

/** POST /user/notifications: a page, newest first, with the account's unread count. */
export interface NotificationList extends ListPage<NotificationRow> {
  unread: number;
}

/** GET and POST /admin/alert_settings: where operator alerts go and which are sent. */
export interface AdminAlertSettings {
  chat_id: string;
  payment_pending_minutes: number;
  kinds: Record<(typeof alertKindNames)[number], boolean>;
}

/** GET /user/push_key: the stage's VAPID public key (base64url), the `applicationServerKey` a browser subscribes with. */
export interface PushKey {
  public_key: string;
}

/**
 * POST /user/push_devices: one device that gets the account's notifications, as its owner knows it
 * (never its endpoint). `this_device` marks the one whose endpoint the request named.
 */
export interface PushDevice {
  id: string;
  /** The browser and the system its User-Agent named when it subscribed; '' where it did not say. */
  browser: string;
  system: string;
  /** The push service it is reached through (Google, Mozilla, Apple, Microsoft). */
  service: string;
  created_at: string;
  this_device: boolean;
}

/** POST /user/push_devices: the account's devices getting notifications, newest first. */
export interface PushDevices {
  items: PushDevice[];
}
