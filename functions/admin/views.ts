import type { AuditEntry } from '../audit/repo';
import type {
  AdminOrderDetail,
  AdminOrderRow,
  AdminUserDetail,
  AdminUserRow,
  AdminWalletRequestRow,
  AuditRow,
  Dashboard,
  ListPage,
  RevealedSecret,
} from '../contract/wire';
import type { PlanOrder } from '../orders/repo';
import { orderView } from '../orders/views';
import type { Page } from '../shared/cursor';
import type { LedgerEntry, WalletRequest } from '../wallet/repo';
import { ledgerEntryView, walletRequestWireStatus } from '../wallet/views';
import type { DashboardFigures } from './service/dashboard';
import type { UserWithBalance } from './service/users';

/** A page of a list on the wire: `{items, next_cursor}`. */
export const pageView = <T, R>(page: Page<T>, view: (item: T) => R): ListPage<R> => ({ items: page.items.map(view), next_cursor: page.nextCursor });

/** An order in the operators' queue. */
export const adminOrderView = (order: PlanOrder): AdminOrderRow => ({ ...orderView(order), user_id: order.userId, paid_by: order.paidFrom });

/** An order with the game account to top up; the password only ever through reveal. */
export const adminOrderDetailView = (order: PlanOrder): AdminOrderDetail => ({
  ...adminOrderView(order),
  group_name: order.groupName,
  account: order.accountType
    ? { type: 'login', account_type: order.accountType, email_or_phone: order.accountId, has_secret: Boolean(order.sealedSecret) }
    : { type: 'uid', player_id: order.accountId },
  completed_at: order.completedAt ?? null,
  refunded_at: order.refundedAt ?? null,
});

/** A revealed game-account secret. */
export const revealedSecretView = (secret: { password: string; backupCode: string }): RevealedSecret => ({ password: secret.password, backup_code: secret.backupCode });

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
export const auditView = (entry: AuditEntry): AuditRow => ({ at: entry.at, actor_id: entry.actorId, action: entry.action, target: entry.target, detail: entry.detail });

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
});
