import type { PlayerIdFormat } from './rules';

/**
 * The API's answers as the wire carries them (../shared/api-contract.md): the server's views
 * return these shapes and the web reads them, so a field renamed on one side fails to compile
 * on the other. Type-only: nothing here runs. The console's answers are in ./admin-wire.ts.
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
  /** Whether the owner proved `mobile_no` with a code we texted to it (it counts, once proved, as the same person across accounts). */
  mobile_verified: boolean;
  /** The language of the shop the account chose (its mails' language): `bn` or `en`. */
  language: 'bn' | 'en';
  /** A new email waiting for its owner to follow the link mailed to it; empty when none. */
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
export interface PlanRow extends SaleRowFields {
  plans_id: string;
  pname: string;
  image: string;
  price: number;
  no_of_diamonds: number;
  status: WirePlanStatus;
}

/** The fields a listed plan or voucher adds while a flash sale runs: its price, its end (ISO 8601) and the units left (null without a cap). */
export interface SaleRowFields {
  sale_price?: number;
  sale_ends_at?: string;
  sale_left?: number | null;
}

/** POST /user/auto_delivery_vouchers_list */
export interface VoucherRow extends SaleRowFields {
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
  /** The promo codes the operators made public and still running (spec: website data `coupans`). */
  coupans: { code: string; description: string; ends_at: string | null }[];
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
  /** What a promo code took off the list price (0 without one), and the code. */
  discount: number;
  coupan_code: string;
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
 * supplier is asked), `delivered`, `failed` (refunded to the wallet), or `checking`: paid and
 * held for a check before delivery (docs/risk.md).
 */
export type DeliveryState = 'waiting' | 'checking' | 'delivering' | 'unknown' | 'delivered' | 'failed';

export interface OrderDelivery {
  mode: DeliveryMode;
  state: DeliveryState;
  /** The player's in-game name from the nickname check, when it was known; empty otherwise. */
  player_name: string;
  /** A stock-mode order's code, once delivered, for the shopper to redeem (empty otherwise). */
  code: string;
  /** While `checking` (held for review by the fraud rules): the minutes the check usually takes; 0 otherwise. */
  checking_minutes: number;
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
  /** The order's latest report of a problem, open or closed, with its thread; null when none. */
  claim: ClaimRow | null;
  /** A paid code order's codes (a guest's, by its link); empty for a plan order and before the payment. */
  codes: string[];
}

/** A shopper's report of a problem with an order (contract: Claims), with its thread, oldest message first. */
export interface ClaimRow {
  claim_id: string;
  order_id: string;
  status: 'open' | 'closed';
  reason: 'not_received' | 'code_invalid' | 'wrong_player_id' | 'paid_twice' | 'other';
  /** For `wrong_player_id`: the player ID the shopper says is right; empty otherwise. */
  player_id: string;
  created_at: string;
  closed_at: string | null;
  thread: { from: 'shopper' | 'operator' | 'shop'; message: string; image: string; at: string }[];
}

/** POST /user/uploads: a presigned form POST for one screenshot, and the `image` a report then names. */
export interface EvidencePermit {
  upload_url: string;
  fields: Record<string, string>;
  image: string;
}

/**
 * POST /user/order/{id}/claim: the report, and what a rule did with it at once: `waiting` for a
 * person, `corrected` (the player ID), `replaced` (the code), `refunded` (to the wallet), `credited`
 * (a second payment, to the wallet), `asked` (the supplier, again), `refused` (the thread says why).
 */
export interface RaisedClaim extends ClaimRow {
  outcome: 'waiting' | 'corrected' | 'replaced' | 'refunded' | 'credited' | 'asked' | 'refused';
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

/** POST /guest/request_webview: where the payer goes next, our id of the order, and the order's secret link (kept on the device, mailed with the receipt). */
export interface GuestCheckoutAnswer extends CheckoutAnswer {
  order_link: string;
}

/** POST /guest/orders: one of a contact's guest orders, with a new secret link to it (the shop keeps only the links' hashes). */
export interface GuestOrderRow {
  order_link: string;
  order_id: string;
  created_at: string;
  status: WireStatus;
  paid_amount: number;
  plan_name: string;
}

/** POST /user/claim_guest_orders: how many guest orders of the account's verified contacts it took in. */
export interface ClaimedGuestOrders {
  claimed: number;
}

/** POST /user/verify_payment: where a gateway payment stands. */
export interface PaymentCheck {
  kind: 'wallet' | 'order' | 'codes';
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
  /** What a promo code took off a purchase (0 without one), and the code ('' without one). */
  discount: number;
  coupan_code: string;
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
  kind:
    | 'order_paid'
    | 'order_delivered'
    | 'order_refunded'
    | 'codes_bought'
    | 'wallet_credited'
    | 'payment_cancelled'
    | 'password_changed'
    | 'claim_reply';
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
