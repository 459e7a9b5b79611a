import type { OrderAccountFields } from '../contract/rules';
import { type Plan, planFromItem, planKey, planOnSaleCheckItem } from '../catalog/repo';
import { settingsFromItem, settingsKey, shopOpenCheckItem } from '../content/repo';
import { checkoutLinks } from '../gateway/port';
import { pendingPaymentKeys } from '../gateway/repo';
import { uddoktaPay } from '../gateway/uddoktapay';
import { batchGet } from '../shared/db';
import { Conflict, NotFound } from '../shared/errors';
import { timeOrderedId } from '../shared/ids';
import { retrying } from '../shared/retry';
import { seal } from '../shared/sealed';
import { TransactionCancelled, transact } from '../shared/transactions';
import type { ActiveUser } from '../users/active-user';
import { activeUserCheckItem } from '../users/repo';
import { changeBalance } from '../wallet/money';
import { balanceChangeItems, walletFromItem, walletKey } from '../wallet/repo';
import { orderAccount } from './order-rules';
import { type PlanOrder, listOrders, newOrderItem, newPendingOrderItem } from './repo';

export interface PlanOrderInput extends OrderAccountFields {
  planId: string;
  /** What the shopper was shown as the price; the plan's own price is what is charged. */
  price: number;
}

/**
 * Reads, in one BatchGetItem, everything a plan purchase decides on: the plan, the buyer's wallet
 * and the shop's settings; and applies the refusals that come before any write.
 */
async function purchaseContext(user: ActiveUser, input: PlanOrderInput) {
  const [planItem, walletItem, settingsItem] = await batchGet([planKey(input.planId), walletKey(user.id), settingsKey()]);
  if (!planItem) throw new NotFound('Plan not found');
  const settings = settingsItem && settingsFromItem(settingsItem);
  if (settings?.shopStatus !== 1) throw new Conflict(settings?.closedMessage || 'The shop is closed right now');
  const plan = planFromItem(planItem);
  if (plan.status !== 1) throw new Conflict('This plan is out of stock');
  if (plan.price !== input.price) throw new Conflict('Price changed, please review your order', { price: plan.price });
  return { plan, wallet: walletFromItem(walletItem) };
}

/** The order to record, with the game-account secrets sealed. */
async function draftOrder(user: ActiveUser, plan: Plan, input: PlanOrderInput, paidFrom: PlanOrder['paidFrom']): Promise<PlanOrder> {
  const account = orderAccount(plan.groupName, input);
  return {
    orderId: timeOrderedId(),
    userId: user.id,
    planId: plan.id,
    planName: plan.name,
    groupName: plan.groupName,
    price: plan.price,
    paidFrom,
    status: 'pending',
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
export async function placeWalletOrder(user: ActiveUser, input: PlanOrderInput): Promise<PlanOrder> {
  try {
    return await retrying(
      async () => {
        const { plan, wallet } = await purchaseContext(user, input);
        const order = await draftOrder(user, plan, input, 'wallet');
        const change = changeBalance(wallet, -plan.price, 'plan-order', order.orderId);
        await transact([
          ...balanceChangeItems(user.id, change, order.createdAt),
          newOrderItem(order),
          activeUserCheckItem(user),
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
export async function startGatewayOrder(user: ActiveUser, input: PlanOrderInput): Promise<{ paymentUrl: string }> {
  const { plan } = await purchaseContext(user, input);
  const order = await draftOrder(user, plan, input, 'gateway');
  const reference = { kind: 'order' as const, userId: user.id, id: order.orderId };
  const { paymentUrl, invoiceId } = await uddoktaPay.createCheckout({
    fullName: user.name,
    email: user.email,
    amount: plan.price,
    metadata: reference,
    ...checkoutLinks('/profile/userOrder'),
  });
  const pending = { order: { ...order, invoiceId }, paymentStatus: 'pending' as const, invoiceId, paymentUrl, createdAt: order.createdAt };
  await transact([newPendingOrderItem(pending, pendingPaymentKeys(reference, order.createdAt))]);
  return { paymentUrl };
}

/** The signed-in user's paid orders, newest first. */
export function orderHistory(user: ActiveUser): Promise<PlanOrder[]> {
  return listOrders(user.id);
}
