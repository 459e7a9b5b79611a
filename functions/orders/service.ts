import { activeUserCheckItem, userFromItem, userKey } from '../auth/repo';
import { planFromItem, planKey, planOnSaleCheckItem } from '../catalog/repo';
import type { Plan } from '../catalog/repo';
import { settingsFromItem, settingsKey, shopOpenCheckItem } from '../content/repo';
import { checkoutLinks } from '../payments/gateway';
import { uddoktaPay } from '../payments/uddoktapay';
import { batchGet } from '../shared/db';
import { Conflict, NotFound, Unauthorized } from '../shared/errors';
import { timeOrderedId } from '../shared/ids';
import { retrying } from '../shared/retry';
import { seal } from '../shared/sealed';
import type { Session } from '../shared/session-token';
import { requireActiveUser } from '../auth/service';
import { TransactionCancelled, transact } from '../shared/transactions';
import { changeBalance } from '../wallet/money';
import { balanceChangeItems, walletFromItem, walletKey } from '../wallet/repo';
import { type OrderAccountInput, orderAccount } from './order-rules';
import { type PlanOrder, listOrders, newOrderItem, newPendingOrderItem } from './repo';

export interface PlanOrderInput extends OrderAccountInput {
  planId: string;
  /** What the shopper was shown as the price; the plan's own price is what is charged. */
  price: number;
}

/**
 * Reads, in one BatchGetItem, everything a plan purchase decides on: the plan, the user (still
 * at the session's token version), their wallet and the shop's settings; and applies the
 * refusals that come before any write.
 */
async function purchaseContext(session: Session, input: PlanOrderInput) {
  const [planItem, profileItem, walletItem, settingsItem] = await batchGet([
    planKey(input.planId),
    userKey(session.userId),
    walletKey(session.userId),
    settingsKey(),
  ]);
  const user = profileItem && userFromItem(profileItem);
  if (!user || user.tokenVersion !== session.tokenVersion) throw new Unauthorized();
  if (!planItem) throw new NotFound('Plan not found');
  const settings = settingsItem && settingsFromItem(settingsItem);
  if (settings?.shopStatus !== 1) throw new Conflict(settings?.closedMessage || 'The shop is closed right now');
  const plan = planFromItem(planItem);
  if (plan.status !== 1) throw new Conflict('This plan is out of stock');
  if (plan.price !== input.price) throw new Conflict('Price changed, please review your order', { price: plan.price });
  return { user, plan, wallet: walletFromItem(walletItem) };
}

/** The order to record, with the game-account secrets sealed. */
async function draftOrder(session: Session, plan: Plan, input: PlanOrderInput, paidFrom: PlanOrder['paidFrom']): Promise<PlanOrder> {
  const account = orderAccount(plan.groupName, input);
  return {
    orderId: timeOrderedId(),
    userId: session.userId,
    planId: plan.id,
    planName: plan.name,
    groupName: plan.groupName,
    price: plan.price,
    paidFrom,
    status: '0',
    accountType: account.accountType,
    accountId: account.accountId,
    sealedSecret: account.secret ? await seal(JSON.stringify(account.secret)) : undefined,
    remark: '',
    createdAt: new Date().toISOString(),
  };
}

/**
 * A plan order paid from the wallet: one transaction debits the wallet (version-checked, so the
 * balance can never go below zero or be overwritten), writes the ledger entry and the order, and
 * re-checks the user, the shop and the plan's price. A lost race re-reads and tries again.
 */
export async function placeWalletOrder(session: Session, input: PlanOrderInput): Promise<PlanOrder> {
  try {
    return await retrying(
      async () => {
        const { plan, wallet } = await purchaseContext(session, input);
        const order = await draftOrder(session, plan, input, 'wallet');
        const change = changeBalance(wallet, -plan.price, 'plan-order', order.orderId);
        await transact([
          ...balanceChangeItems(session.userId, change, order.createdAt),
          newOrderItem(order),
          activeUserCheckItem(session.userId, session.tokenVersion),
          shopOpenCheckItem(),
          planOnSaleCheckItem(plan),
        ]);
        return order;
      },
      (error) => error instanceof TransactionCancelled,
      10,
    );
  } catch (error) {
    if (error instanceof TransactionCancelled) throw new Conflict('The shop is busy right now, please try again');
    throw error;
  }
}

/**
 * A plan order paid through the gateway: the checkout opens first, then the pending order is
 * recorded with its invoice; only the settle step (webhook, return or reconciler) turns it into
 * an order for fulfilment. If the record fails, the payer never sees the payment link.
 */
export async function startGatewayOrder(session: Session, input: PlanOrderInput, siteOrigin: string): Promise<{ paymentUrl: string }> {
  const { user, plan } = await purchaseContext(session, input);
  const order = await draftOrder(session, plan, input, 'gateway');
  const { paymentUrl, invoiceId } = await uddoktaPay.createCheckout({
    fullName: user.name,
    email: user.email,
    amount: plan.price,
    metadata: { kind: 'order', userId: user.id, id: order.orderId },
    ...checkoutLinks(siteOrigin, '/profile/userOrder'),
  });
  await transact([newPendingOrderItem({ order: { ...order, invoiceId }, paymentStatus: 'awaiting', invoiceId, paymentUrl, createdAt: order.createdAt })]);
  return { paymentUrl };
}

/** The caller's paid orders, newest first. */
export async function orderHistory(session: Session): Promise<PlanOrder[]> {
  const [, orders] = await Promise.all([requireActiveUser(session), listOrders(session.userId)]);
  return orders;
}
