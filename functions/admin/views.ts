import type * as v from 'valibot';
import type { AuditEntry } from '../audit/repo';
import { type alertSettingsBody, alertKindNames } from '../contract/admin-operations';
import type { AlertSettings } from '../notifications/alert-settings';
import type {
  AdminAlertSettings,
  AdminCatalog,
  AdminDeliveries,
  AdminOrderDelivery,
  AdminContent,
  AdminEvent,
  AdminMasterCategory,
  AdminOrderDetail,
  AdminOrderRow,
  AdminPaymentDays,
  AdminUserDetail,
  AdminUserRow,
  AdminPaymentChannel,
  AdminPlan,
  AdminPlanGroup,
  AdminSiteSettings,
  AdminVoucher,
  AdminWaitingPayment,
  AdminWalletRequestRow,
  AuditRow,
  Dashboard,
  MaskedCodes,
  PaymentBookLine,
  PaymentFigures,
  RevealedSecret,
} from '../contract/wire';
import type { MasterCategory, Plan, PlanGroup } from '../catalog/repo';
import { masterCategoryView, planGroupView, planView } from '../catalog/views';
import type { BannerEvent, PaymentChannel, SiteSettings } from '../content/repo';
import { blogPostView, eventView, paymentChannelView, siteSettingsView } from '../content/views';
import type { VoucherWithStock } from '../vouchers/repo';
import { voucherView } from '../vouchers/views';
import type { CatalogTree } from './service/catalog';
import type { contentOverview } from './service/content';
import type { PlanOrder } from '../orders/repo';
import { refundAwaitsPerson } from '../orders/order-rules';
import { deliveryView, orderView } from '../orders/views';
import type { DeliveryOverview } from './service/deliveries';
import type { ConsoleOrder } from './service/orders';
import { type Page, pageView } from '../shared/cursor';
import { receiptView } from '../shared/receipt';
import type { LedgerEntry, WalletRequest } from '../wallet/repo';
import { ledgerEntryView, walletRequestWireStatus } from '../wallet/views';
import type { DashboardFigures } from './service/dashboard';
import type { UserWithBalance } from './service/users';
import type { WaitingPaymentDetail } from '../payments/waiting';
import type { GatewayBookLine } from '../gateway/repo';
import { type PaymentDaysReport, type PaymentFigures as DayFigures, channelOf } from './service/payment-days';

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
  };
};

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
export const adminUserDetailView = (detail: UserWithBalance & { ledger: LedgerEntry[] }): AdminUserDetail => ({
  ...adminUserView(detail),
  ledger: detail.ledger.map(ledgerEntryView),
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

/** A game or brand as operators edit it. */
export const adminMasterCategoryView = (category: MasterCategory): AdminMasterCategory => ({
  ...masterCategoryView(category),
  position: category.position,
  lookup_code: category.lookupCode ?? '',
});

/** A plan group as operators edit it. */
export const adminPlanGroupView = (group: PlanGroup): AdminPlanGroup => ({ ...planGroupView(group), position: group.position });

/** A plan as operators edit it. */
export const adminPlanView = (plan: Plan): AdminPlan => ({
  ...planView(plan),
  category_id: plan.groupId,
  position: plan.position,
  delivery: plan.delivery?.mode ?? 'manual',
  delivery_voucher_id: plan.delivery?.mode === 'stock' ? plan.delivery.voucherId : '',
  supplier_sku: plan.delivery?.mode === 'supplier' ? plan.delivery.sku : '',
  cost: plan.delivery?.mode === 'supplier' ? plan.delivery.cost : 0,
  delivery_paused: plan.deliveryPaused ?? '',
});

/** The catalog tree on the wire. */
export const catalogTreeView = (tree: CatalogTree): AdminCatalog => ({
  master_categories: tree.map(({ category, groups }) => ({
    ...adminMasterCategoryView(category),
    groups: groups.map(({ group, plans }) => ({ ...adminPlanGroupView(group), plans: plans.map(adminPlanView) })),
  })),
});

/** A voucher as operators edit it. */
export const adminVoucherView = (voucher: VoucherWithStock): AdminVoucher => ({
  ...voucherView(voucher),
  mcategory_id: voucher.masterCategoryId,
  position: voucher.position,
});

/** A page of masked codes and the stock. */
export const maskedCodesView = ({
  stock,
  page,
}: {
  stock: number;
  page: Page<{ codeId: string; masked: string; createdAt: string }>;
}): MaskedCodes => ({
  stock,
  ...pageView(page, (code) => ({ code_id: code.codeId, masked: code.masked, created_at: code.createdAt })),
});

/** A banner as operators edit it. */
export const adminEventView = (event: BannerEvent): AdminEvent => ({ ...eventView(event), id: event.id, position: event.position });

/** A payment channel as operators edit it. */
export const adminPaymentChannelView = (channel: PaymentChannel): AdminPaymentChannel => ({
  ...paymentChannelView(channel),
  position: channel.position,
});

/** The whole site settings as operators edit them. */
export const adminSiteSettingsView = (settings: SiteSettings): AdminSiteSettings => ({
  ...siteSettingsView(settings),
  upay: settings.redeemVideoLink,
});

/** The content pages' data on the wire. */
export const contentOverviewView = (overview: Awaited<ReturnType<typeof contentOverview>>): AdminContent => ({
  events: overview.events.map(adminEventView),
  senders: overview.channels.map(adminPaymentChannelView),
  settings: adminSiteSettingsView(overview.settings),
  blogs: overview.posts.map(blogPostView),
});

/** The settings fields an operator may send, as the wire names them. */
export interface SiteSettingsInput {
  popup_status?: string;
  popup_text?: string;
  popup_image?: string;
  popup_status2?: string;
  popup_text2?: string;
  popup_image2?: string;
  phone?: string;
  messenger_link?: string;
  whatsapp?: string;
  app_link?: string;
  social?: { name: string; url: string }[];
  shopStatus?: number;
  errorMessage?: string;
  upay?: string;
}

/** An operator's settings change, from the wire's names to the domain's: what it changes and the names of the fields it sent. */
export function siteSettingsChange(input: SiteSettingsInput): { apply: (current: SiteSettings) => SiteSettings; fields: string[] } {
  const fields = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
  const apply = (current: SiteSettings): SiteSettings => {
    const popup = (index: 0 | 1, status?: string, text?: string, image?: string) => ({
      status: (status ?? current.popups[index].status) as '0' | '1',
      text: text ?? current.popups[index].text,
      image: image ?? current.popups[index].image,
    });
    return {
      shopStatus: (input.shopStatus ?? current.shopStatus) as 0 | 1,
      closedMessage: input.errorMessage ?? current.closedMessage,
      popups: [
        popup(0, input.popup_status, input.popup_text, input.popup_image),
        popup(1, input.popup_status2, input.popup_text2, input.popup_image2),
      ],
      phone: input.phone ?? current.phone,
      messengerLink: input.messenger_link ?? current.messengerLink,
      whatsapp: input.whatsapp ?? current.whatsapp ?? '',
      appLink: input.app_link ?? current.appLink,
      social: input.social ?? current.social,
      redeemVideoLink: input.upay ?? current.redeemVideoLink,
    };
  };
  return { apply, fields };
}

/** Paisa as the gateway writes amounts: a decimal string with two places ("9.25", "-0.50"). */
const decimalOfPaisa = (paisa: number) =>
  `${paisa < 0 ? '-' : ''}${Math.trunc(Math.abs(paisa) / 100)}.${String(Math.abs(paisa) % 100).padStart(2, '0')}`;

/** A day's, a channel's or a range's gateway money on the wire. */
const paymentFiguresView = (figures: DayFigures): PaymentFigures => ({
  payments: figures.payments,
  amount: figures.amount,
  fees: decimalOfPaisa(figures.feesPaisa),
  charged: decimalOfPaisa(figures.chargedPaisa),
  refunds: figures.refunds,
  refunded: figures.refunded,
  net: figures.amount - figures.refunded,
});

/** A line of the gateway's day book, the payer's number masked. */
export const paymentBookLineView = (line: GatewayBookLine): PaymentBookLine => ({
  at: line.at,
  paid_at: line.paidAt ?? null,
  kind: line.kind,
  ref_kind: line.reference.kind,
  ref_id: line.reference.id,
  user_id: line.reference.userId,
  amount: line.amount,
  ...receiptView(line.receipt),
  payment_method: channelOf(line),
});

/** The daily reconciliation on the wire; each day's lines only when asked for (`?detail=1`). */
export const paymentDaysView = (report: PaymentDaysReport, { detail = false } = {}): AdminPaymentDays => ({
  days: report.days.map((day) => ({
    day: day.day,
    channels: day.channels.map((channel) => ({ payment_method: channel.paymentMethod, ...paymentFiguresView(channel) })),
    totals: paymentFiguresView(day.totals),
    ...(detail ? { lines: day.lines.map(paymentBookLineView) } : {}),
  })),
  totals: paymentFiguresView(report.totals),
});

/** The CSV's columns, in order: its header row. */
export const paymentDaysCsvColumns = [
  'day',
  'payment_method',
  'payments',
  'amount',
  'fees',
  'charged',
  'refunds',
  'refunded',
  'net',
] as const;

/** A CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break; a text a spreadsheet would run as a formula is kept text. */
function csvCell(value: string | number): string {
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The daily reconciliation as CSV: the header row, then one row per day and channel (a day without gateway money has none). */
export function paymentDaysCsv(report: AdminPaymentDays): string {
  const rows = report.days.flatMap((day) =>
    day.channels.map((channel) => [
      day.day,
      channel.payment_method,
      channel.payments,
      channel.amount,
      channel.fees,
      channel.charged,
      channel.refunds,
      channel.refunded,
      channel.net,
    ]),
  );
  return `${[paymentDaysCsvColumns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The alert settings on the wire. */
export const alertSettingsView = (settings: AlertSettings): AdminAlertSettings => ({
  chat_id: settings.chatId,
  payment_pending_minutes: settings.paymentPendingMinutes,
  kinds: { ...settings.kinds },
});

/** The alert settings a console form sent. */
export const alertSettingsFrom = (form: v.InferOutput<typeof alertSettingsBody>): AlertSettings => ({
  chatId: form.chat_id ?? '',
  paymentPendingMinutes: form.payment_pending_minutes,
  kinds: Object.fromEntries(alertKindNames.map((kind) => [kind, form[kind] === '1'])) as AlertSettings['kinds'],
});
