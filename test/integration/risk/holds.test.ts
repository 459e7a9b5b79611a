import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OrderDetail } from '../../../functions/contract/wire';
import { reconcilePayments } from '../../../functions/payments/reconciler';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin } from '../../support/admin';
import { stockPlanWith } from '../../support/catalog';
import { callApi } from '../../support/http';
import { balanceOf, expectLedgerMatchesBalance, fundedAccount, payForInvoice, sendWebhook, storedItem } from '../../support/money';

/**
 * Holds (docs/risk.md): a young account's first order at or above the console's amount is held
 * after payment; a held order reaches no supplier and claims no code until an operator releases it
 * (delivery goes on, once) or refunds it (the money back once, to the wallet or the payment method).
 * This file lowers the first-order amount to ৳20 and puts the default back after.
 */

const supplierPlan = { plan_id: 'ff-100-instant', price: 75 };
const defaults = { young_account_days: '3', first_order_hold_amount: '5000', review_within_minutes: '60' };
let admin = '';

const asAdmin = <T = unknown>(path: string, form: Record<string, string> = {}) =>
  callApi<{ data: T; message: string }>(path, { token: admin, form });

beforeAll(async () => {
  admin = await logInAdmin();
  const saved = await asAdmin('/admin/risk', { ...defaults, first_order_hold_amount: '20', review_within_minutes: '30' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await asAdmin('/admin/risk', defaults);
});

const playerId = () => `${randomInt(1e8, 1e9)}1`;

const order = async (buyer: TestAccount, orderId: string) =>
  (await callApi<{ data: OrderDetail }>(`/user/order/${orderId}`, { token: buyer.token, method: 'POST' })).body.data;

async function walletOrder(buyer: TestAccount, plan: { plan_id: string; price: number }) {
  const response = await callApi<{ data: OrderDetail }>('/user/request/', {
    token: buyer.token,
    form: { plan_id: plan.plan_id, saccount_id: playerId(), paid_from_wallet: plan.price },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}

const atSupplier = async (orderId: string) => {
  const transactions = (await (await fetch(`${inject('stack').supplierUrl}/test/transactions`)).json()) as { ref_id: string }[];
  return transactions.filter((transaction) => transaction.ref_id === orderId).length;
};

const reviewQueue = async () =>
  (
    await callApi<{ data: { items: { order: { order_id: string; hold: { reasons: { kind: string }[] } } }[] } }>('/admin/holds?limit=100', {
      method: 'GET',
      token: admin,
    })
  ).body.data.items;

describe('holds', () => {
  it('holds a young account’s first large order: no supplier call, no code claimed, "being checked" with the minutes promised, in the review queue', async () => {
    const buyer = await fundedAccount(200, 'held-first');
    const placed = await walletOrder(buyer, supplierPlan);
    expect(placed.body.message).toBe('Order placed: we are checking it before delivery.');
    const orderId = placed.body.data.order_id;
    expect(placed.body.data.delivery).toMatchObject({ state: 'checking', checking_minutes: 30 });
    expect(await balanceOf(buyer.code)).toBe(125);

    const stock = await stockPlanWith(2);
    const stockBuyer = await fundedAccount(200, 'held-stock');
    const stockOrder = await walletOrder(stockBuyer, { plan_id: stock.planId, price: 80 });
    expect(stockOrder.body.data.delivery).toMatchObject({ state: 'checking', code: '' });
    // The delivery job runs every 2 s here: a held order is in neither of its queues.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await atSupplier(orderId)).toBe(0);
    expect((await order(stockBuyer, stockOrder.body.data.order_id)).delivery.state).toBe('checking');
    const queue = await reviewQueue();
    expect(queue.map((item) => item.order.order_id)).toEqual(expect.arrayContaining([orderId, stockOrder.body.data.order_id]));
    expect(queue.find((item) => item.order.order_id === orderId)?.order.hold.reasons).toEqual([
      expect.objectContaining({ kind: 'first-large-order' }),
    ]);
    expect(
      await storedItem(`ALERT#order-held#${orderId}#${(await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`))?.hold.at}`, 'ALERT'),
    ).toBeDefined();

    // A second order of the same buyer is not a first order: delivered as usual.
    const second = await walletOrder(buyer, supplierPlan);
    expect(second.body.data.delivery.state).not.toBe('checking');
    // Completing a held order by hand is refused: it is released or refunded.
    expect((await asAdmin(`/admin/orders/${orderId}/complete`)).status).toBe(409);
  });

  it('releases once under parallel clicks: the supplier gets one top-up, a stock order its one code', async () => {
    const buyer = await fundedAccount(200, 'release-once');
    const orderId = (await walletOrder(buyer, supplierPlan)).body.data.order_id;
    const clicks = await Promise.all(Array.from({ length: 6 }, () => asAdmin(`/admin/orders/${orderId}/release`)));
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    await expect.poll(async () => (await order(buyer, orderId)).status, { timeout: 20_000, interval: 300 }).toBe('1');
    expect(await atSupplier(orderId)).toBe(1);
    expect((await reviewQueue()).map((item) => item.order.order_id)).not.toContain(orderId);

    const stock = await stockPlanWith(1);
    const stockBuyer = await fundedAccount(200, 'release-stock');
    const stockOrderId = (await walletOrder(stockBuyer, { plan_id: stock.planId, price: 80 })).body.data.order_id;
    const released = await asAdmin<{ status: string }>(`/admin/orders/${stockOrderId}/release`);
    expect([released.status, released.body.data.status]).toEqual([200, '1']);
    expect((await order(stockBuyer, stockOrderId)).delivery.code).toBe(stock.codes[0]);
  });

  it('refunds once under parallel clicks, and a release racing a refund decides one way only', async () => {
    const buyer = await fundedAccount(200, 'refund-once');
    const orderId = (await walletOrder(buyer, supplierPlan)).body.data.order_id;
    const clicks = await Promise.all(
      Array.from({ length: 6 }, () => asAdmin(`/admin/orders/${orderId}/refund`, { remark: 'Stolen bKash', to: 'wallet' })),
    );
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await balanceOf(buyer.code)).toBe(200);
    await expectLedgerMatchesBalance(buyer.code);
    expect((await asAdmin(`/admin/orders/${orderId}/release`)).status).toBe(409);
    expect((await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`))?.hold).toMatchObject({ state: 'refunded' });

    const racer = await fundedAccount(200, 'release-vs-refund');
    const racedId = (await walletOrder(racer, supplierPlan)).body.data.order_id;
    const [release, refund] = await Promise.all([
      asAdmin(`/admin/orders/${racedId}/release`),
      asAdmin(`/admin/orders/${racedId}/refund`, { remark: 'Stolen bKash', to: 'wallet' }),
    ]);
    // Released first, the top-up is under way and the refund waits for it; refunded first, nothing is released.
    expect([release.status, refund.status].sort()).toEqual([200, 409]);
    if (refund.status === 200) {
      expect(await balanceOf(racer.code)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(await atSupplier(racedId)).toBe(0);
    } else {
      await expect.poll(async () => (await order(racer, racedId)).status, { timeout: 20_000, interval: 300 }).toBe('1');
      expect(await balanceOf(racer.code)).toBe(125);
    }
    await expectLedgerMatchesBalance(racer.code);
  });

  it('places a paid gateway order held whatever settles it (webhook, return, reconciler), and refunds it to the payer once', async () => {
    const buyer = await fundedAccount(0, 'held-gateway');
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: supplierPlan.plan_id, saccount_type: 'UID Free Fire', saccount_id: playerId(), amount: supplierPlan.price },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const orderId = started.body.data.id;
    // Every settle path at once: the payer's return, the webhook twice, the operator's settle by invoice id, the reconciler.
    const invoiceId = await payForInvoice(started.body.data.payment_url, { webhook: false });
    const reconcile = () =>
      reconcilePayments({
        minAgeSeconds: 0,
        expireAfterSeconds: 2 * 86_400,
        stuckAfterMinutes: 60,
        batchSize: 5,
        timeForAnotherBatch: () => true,
      });
    await Promise.all([
      callApi('/user/verify_payment', { token: buyer.token, form: { invoice_id: invoiceId } }),
      sendWebhook(invoiceId),
      sendWebhook(invoiceId),
      asAdmin('/admin/payments/settle', { invoice_id: invoiceId }),
      reconcile(),
    ]);
    await reconcile();
    await expect.poll(async () => (await order(buyer, orderId)).delivery.state, { timeout: 15_000 }).toBe('checking');
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await atSupplier(orderId)).toBe(0);

    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => asAdmin(`/admin/orders/${orderId}/refund`, { remark: 'Reported stolen', to: 'gateway' })),
    );
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const transactionId = (await order(buyer, orderId)).transaction_id;
    const refunds = (await (await fetch(`${inject('stack').gatewayUrl}/test/refunds`)).json()) as { transaction_id: string }[];
    expect(refunds.filter((line) => line.transaction_id === transactionId)).toHaveLength(1);
    expect((await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`))?.hold).toMatchObject({ state: 'refunded' });
    expect((await order(buyer, orderId)).status).toBe('2');
    expect(await balanceOf(buyer.code)).toBe(0);
    // Held once, told once.
    const heldAt = (await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`))?.hold.at;
    expect(await storedItem(`ALERT#order-held#${orderId}#${heldAt}`, 'ALERT')).toBeDefined();
  });
});
