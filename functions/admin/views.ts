/** The console's operations views: orders, top-ups, waiting payments, users, the audit log, the dashboard, deliveries and alert settings. */
import type * as v from 'valibot';
import type { AuditEntry } from '../audit/repo';
import { mayBeHeld } from '../orders/holds';
import { type Hold, holdOverdue, reviewMinutesOf } from '../risk/holds';
import { type RiskSettings, ruleText } from '../risk/velocity';
import { verifiedMobileOf } from '../users/repo';
import type { PayerHistory, ReviewItem } from './service/risk';
import type { Block } from '../risk/rules';
import { type alertSettingsBody, alertKindNames } from '../contract/admin-operations';
import type { AlertSettings } from '../notifications/alert-settings';
import type {
  AdminAlertSettings,
  AdminDeliveries,
  AdminClaimRow,
  AdminHold,
  PayerHistoryRow,
  ReviewRow,
  RiskSettingsRow,
  AdminOrderDelivery,
  AdminOrderDetail,
  AdminOrderRow,
  AdminUserDetail,
  AdminUserRow,
  AdminWaitingPayment,
  AdminWalletRequestRow,
  AuditRow,
  BlockRow,
  Dashboard,
  RevealedSecret,
} from '../contract/admin-wire';
import type { PlanOrder } from '../orders/types';
import { refundAwaitsPerson } from '../orders/order-rules';
import { claimAgeMinutes } from '../orders/claim-rules';
import { claimView, deliveryView, orderView } from '../orders/views';
import type { ConsoleClaim } from './service/claims';
import type { DeliveryOverview } from './service/deliveries';
import type { ConsoleOrder } from './service/orders';
import { receiptView } from '../shared/receipt';
import type { LedgerEntry, WalletRequest } from '../wallet/repo';
import { ledgerEntryView, walletRequestWireStatus } from '../wallet/views';
import type { DashboardFigures } from './service/dashboard';
import type { UserWithBalance } from './service/users';
import type { WaitingPaymentDetail } from '../payments/waiting';

/** A waiting gateway payment in the operators' list. */
export const adminWaitingPaymentView = (payment: WaitingPaymentDetail): AdminWaitingPayment => ({
  kind: payment.reference.kind,
  id: payment.reference.id,
  user_id: payment.reference.userId,
  amount: payment.amount,
  created_at: payment.createdAt,
  invoice_id: payment.invoiceId ?? '',
  checked_at: payment.checkedAt ?? '',
});

/** An order's delivery as operators see it. */
const adminDeliveryView = (order: PlanOrder): AdminOrderDelivery => {
  const { code: _code, ...delivery } = deliveryView(order);
  return {
    ...delivery,
    reason: order.delivery?.reason ?? '',
    attempts: order.delivery?.attempts ?? 0,
    supplier: order.delivery?.supplier ?? '',
    cost: order.delivery?.cost ?? 0,
    supplier_price: order.delivery?.supplierPrice ?? null,
    supplier_currency: order.delivery?.currency ?? '',
    cost_paid: order.delivery?.costPaid ?? null,
    has_code: Boolean(order.delivery?.code),
  };
};

/** An order in the operators' queue, naming its game with the game's icon. */
export const adminOrderView = (order: ConsoleOrder): AdminOrderRow => {
  const { delivery: _shoppers, ...row } = orderView(order);
  return {
    ...row,
    game_icon: order.gameIcon,
    user_id: order.userId,
    account_type: order.accountType,
    delivery: adminDeliveryView(order),
    hold: order.hold ? adminHoldView(order.hold) : null,
  };
};

/** A hold as operators see it; `overdue` when still held past the minutes promised to the shopper. */
const adminHoldView = (hold: Hold): AdminHold => ({
  state: hold.state,
  reasons: hold.reasons.map((reason) => ({ kind: reason.kind, text: reason.text })),
  at: hold.at,
  decided_at: hold.decidedAt ?? null,
  review_within_minutes: reviewMinutesOf(hold),
  overdue: holdOverdue(hold, Date.now()),
});

/** An order with the game account to top up; the password only ever through reveal. */
export const adminOrderDetailView = (order: ConsoleOrder): AdminOrderDetail => ({
  ...adminOrderView(order),
  group_name: order.groupName,
  account: order.accountType
    ? { type: 'login', account_type: order.accountType, email_or_phone: order.accountId, has_secret: Boolean(order.sealedSecret) }
    : { type: 'uid', player_id: order.accountId },
  completed_at: order.completedAt ?? null,
  refunded_at: order.refundedAt ?? null,
  receipt: order.receipt ? receiptView(order.receipt) : null,
  gateway_refund: order.gatewayRefund
    ? {
        state: order.gatewayRefund.state,
        at: order.gatewayRefund.at,
        reason: order.gatewayRefund.reason ?? '',
        awaits_person: refundAwaitsPerson(order.gatewayRefund),
        resolved_by: order.gatewayRefund.resolvedBy ?? '',
      }
    : null,
});

/** A revealed game-account secret. */
export const revealedSecretView = (secret: { password: string; backupCode: string; code: string }): RevealedSecret => ({
  password: secret.password,
  backup_code: secret.backupCode,
  code: secret.code,
});

/** A top-up in the operators' list. */
export const adminWalletRequestView = (request: WalletRequest): AdminWalletRequestRow => ({
  rq_id: request.requestId,
  user_id: request.userId,
  txn_id: request.txnId,
  amount: request.amount,
  status: walletRequestWireStatus[request.status],
  created_at: request.createdAt,
  invoice_id: request.invoiceId ?? '',
  cancel_reason: request.cancelReason ?? '',
  receipt: request.receipt ? receiptView(request.receipt) : null,
});

/** A user as operators see them. */
export const adminUserView = ({ user, wallet }: UserWithBalance): AdminUserRow => ({
  user_id: user.id,
  name: user.name,
  email: user.email,
  mobile_no: user.mobileNo,
  role: user.role,
  balance: wallet.balance,
  created_at: user.createdAt,
});

/** A user with the newest ledger lines. */
export const adminUserDetailView = (detail: UserWithBalance & { ledger: LedgerEntry[]; flags: string[] }): AdminUserDetail => ({
  ...adminUserView(detail),
  ledger: detail.ledger.map(ledgerEntryView),
  flags: detail.flags,
});

/** A claim in the console's queue, with its order, age and overdue mark. */
export const adminClaimView = ({ claim, order, overdue }: ConsoleClaim): AdminClaimRow => ({
  ...claimView(claim),
  user_id: claim.userId,
  age_minutes: claimAgeMinutes(claim, Date.now()),
  overdue,
  order: order ? adminOrderView(order) : null,
});

/** A held order in the review queue. */
export const reviewView = (item: ReviewItem): ReviewRow => ({
  order: adminOrderView(item.order),
  account: {
    user_id: item.order.userId,
    name: item.account.user?.name ?? '',
    email: item.account.user?.email ?? '',
    mobile_no: item.account.user?.mobileNo ?? '',
    mobile_verified: Boolean(item.account.user && verifiedMobileOf(item.account.user)),
    created_at: item.account.user?.createdAt ?? '',
    orders: item.account.orders,
    refunded: item.account.refunded,
  },
  flags: item.flags,
});

/** The risk settings on the wire. */
export const riskSettingsView = (settings: RiskSettings): RiskSettingsRow => ({
  young_account_days: settings.youngAccountDays,
  first_order_hold_amount: settings.firstOrderHoldAmount,
  review_within_minutes: settings.reviewWithinMinutes,
  rules: settings.rules.map((rule) => ({
    id: rule.id,
    key: rule.key,
    window: rule.window,
    max_count: rule.maxCount,
    max_amount: rule.maxAmount,
    action: rule.action,
    young_only: rule.youngOnly,
    text: ruleText(rule),
  })),
});

/** What a payer's number paid for, with how many orders a hold just stopped. */
export const payerHistoryView = (history: Omit<PayerHistory, 'orders'> & { orders: ConsoleOrder[] }, held = 0): PayerHistoryRow => ({
  orders: history.orders.map((order) => ({ ...adminOrderView(order), holdable: mayBeHeld(order) })),
  top_ups: history.topUps.map((request) => ({
    request_id: request.requestId,
    user_id: request.userId,
    amount: request.amount,
    paid_at: request.settledAt ?? request.createdAt,
  })),
  held,
});

/** A blocked identity on the wire. */
export const blockView = (block: Block): BlockRow => ({
  kind: block.kind,
  value: block.value,
  reason: block.reason,
  actor_id: block.actorId,
  created_at: block.createdAt,
});

/** An audit entry on the wire. */
export const auditView = (entry: AuditEntry): AuditRow => ({
  at: entry.at,
  actor_id: entry.actorId,
  action: entry.action,
  target: entry.target,
  detail: entry.detail,
});

/** The dashboard on the wire. */
export const dashboardView = (figures: DashboardFigures): Dashboard => ({
  day: figures.day,
  today: {
    orders: figures.today.orders,
    orders_amount: figures.today.ordersAmount,
    codes_sold: figures.today.codesSold,
    codes_amount: figures.today.codesAmount,
    topups: figures.today.topUps,
    topups_amount: figures.today.topUpsAmount,
  },
  pending_orders: figures.pendingOrders,
  pending_topups: figures.pendingTopUps,
  low_stock: figures.lowStock.map((voucher) => ({ voucher_id: voucher.id, voucher_name: voucher.name, stock: voucher.stock })),
  deliveries: {
    automatic: figures.deliveries.automatic,
    manual: figures.deliveries.manual,
    median_minutes: figures.deliveries.medianMinutes,
    p90_minutes: figures.deliveries.p90Minutes,
  },
});

/** The delivery overview on the wire. */
export const deliveriesView = (overview: DeliveryOverview): AdminDeliveries => ({
  open: overview.open.map(adminOrderView),
  failed: overview.failed.map(adminOrderView),
  paused_plans: overview.pausedPlans.map((plan) => ({ plans_id: plan.id, pname: plan.name, reason: plan.deliveryPaused ?? '' })),
  suppliers: overview.suppliers.map((supplier) => ({
    name: supplier.name,
    currency: supplier.currency,
    rate: supplier.settings?.rate ?? '',
    rate_set_at: supplier.settings?.updatedAt ?? null,
    balance: supplier.status?.balance ?? null,
    balance_taka: supplier.balanceTaka,
    checked_at: supplier.status?.checkedAt ?? null,
    error: supplier.status?.error ?? '',
    needs_fixed_address: supplier.needsFixedAddress,
    egress_address: supplier.status?.egressAddress ?? '',
  })),
});

/** The alert settings on the wire. */
export const alertSettingsView = (settings: AlertSettings): AdminAlertSettings => ({
  chat_id: settings.chatId,
  payment_pending_minutes: settings.paymentPendingMinutes,
  claim_answer_minutes: settings.claimAnswerMinutes,
  kinds: { ...settings.kinds },
});

/** The alert settings a console form sent. */
export const alertSettingsFrom = (form: v.InferOutput<typeof alertSettingsBody>): AlertSettings => ({
  chatId: form.chat_id ?? '',
  paymentPendingMinutes: form.payment_pending_minutes,
  claimAnswerMinutes: Number(form.claim_answer_minutes),
  kinds: Object.fromEntries(alertKindNames.map((kind) => [kind, form[kind] === '1'])) as AlertSettings['kinds'],
});
