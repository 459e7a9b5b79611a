import { randomInt } from 'node:crypto';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { countOverdueOrders, overdueAfterMinutes } from '../../../functions/orders/delivery-job';
import { reconcilePayments } from '../../../functions/payments/reconciler';
import { settleInvoice } from '../../../functions/payments/service';
import { ServiceUnavailable } from '../../../functions/shared/errors';
import { businessMetrics } from '../../../functions/shared/metrics';
import { callApi } from '../../support/http';
import { fundedAccount, leavePending, merchantPanel, payForInvoice, startTopUp } from '../../support/money';

/**
 * The counts behind the business metrics, on the shared table: other tests' payments and orders
 * are there too, so each test compares the count at one moment (the clock moved on) before and
 * after its own payment or order, with nothing else able to change in between.
 */
const minutes = (n: number) => n * 60_000;

describe('payments pending past their window (the reconciler)', () => {
  it('counts a payment still pending past the minutes, not one within them, and no longer once it is paid', async () => {
    // An hour on, every payment waiting now is past 30 minutes and none past 90.
    const at = Date.now() + minutes(60);
    const run = async (stuckAfterMinutes: number) =>
      (
        await reconcilePayments({
          minAgeSeconds: 0,
          expireAfterSeconds: 2 * 86_400,
          stuckAfterMinutes,
          batchSize: 5,
          timeForAnotherBatch: () => true,
          now: at,
        })
      ).pendingPastWindow;
    const [past30, past90] = [await run(30), await run(90)];
    const payer = await fundedAccount(0, 'pending-metric');
    const { paymentUrl } = await startTopUp(payer, 130);
    const invoiceId = await leavePending(paymentUrl);
    expect(await run(30)).toBe(past30 + 1);
    expect(await run(90)).toBe(past90);
    // The merchant approves it and the webhook settles it: it leaves the count.
    await merchantPanel(invoiceId, 'approve');
    await merchantPanel(invoiceId, 'webhook');
    await expect.poll(() => run(30), { timeout: 10_000 }).toBe(past30);
  });

  it('counts the payments it had no time for, too', async () => {
    const payer = await fundedAccount(0, 'left-metric');
    await startTopUp(payer, 140);
    const outcome = await reconcilePayments({
      minAgeSeconds: 0,
      expireAfterSeconds: 2 * 86_400,
      stuckAfterMinutes: 30,
      batchSize: 5,
      timeForAnotherBatch: () => false,
      now: Date.now() + minutes(60),
    });
    expect(outcome.left).toBeGreaterThanOrEqual(1);
    expect(outcome.pendingPastWindow).toBe(outcome.left);
  });
});

describe('paid orders undelivered past their window (the delivery job)', () => {
  const supplierUrl = () => inject('stack').supplierUrl;
  const supplierDown = (down: boolean) =>
    fetch(`${supplierUrl()}/test/down`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ down }),
    });
  afterEach(() => supplierDown(false));

  const placeOrder = async (planId: string, price: number) => {
    const buyer = await fundedAccount(price, 'overdue-metric');
    const response = await callApi<{ data: { order_id: string; status: string } }>('/user/request/', {
      token: buyer.token,
      form: { plan_id: planId, saccount_id: `${randomInt(1e8, 1e9)}1`, paid_from_wallet: price },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };

  it("counts an order in the operators' queue once it has waited past the manual window, and not before", async () => {
    const placedAfter = Date.now();
    const justInside = placedAfter + minutes(overdueAfterMinutes.manual) - 5_000;
    const justPast = placedAfter + minutes(overdueAfterMinutes.manual) + 30_000;
    const [inside, past] = [await countOverdueOrders(justInside), await countOverdueOrders(justPast)];
    // The seeded manual plan (scripts/local/seed.ts): it waits for an operator.
    const placed = await placeOrder('ff-115', 80);
    expect(placed.status).toBe('0');
    expect((await countOverdueOrders(justPast)).manual).toBe(past.manual + 1);
    expect((await countOverdueOrders(justInside)).manual).toBe(inside.manual);
  });

  it('counts an automatic delivery still under way past its window', async () => {
    // The supplier down: the delivery stays open, and so does every other (the job's inquiries fail too).
    await supplierDown(true);
    const placedAfter = Date.now();
    const past = placedAfter + minutes(overdueAfterMinutes.automatic) + 30_000;
    const before = await countOverdueOrders(past);
    await placeOrder('ff-100-instant', 75);
    expect((await countOverdueOrders(past)).automatic).toBe(before.automatic + 1);
    expect((await countOverdueOrders(placedAfter + minutes(overdueAfterMinutes.automatic) - 5_000)).automatic).toBeLessThanOrEqual(
      before.automatic,
    );
  });
});

describe('gateway verify failures', () => {
  const outage = (down: boolean) => fetch(`${inject('stack').gatewayUrl}/test/outage`, { method: 'POST', body: JSON.stringify({ down }) });
  afterAll(() => outage(false));

  it('counts a verify call that gets no usable answer, where it is made, and not an answer or a refusal', async () => {
    const failed = vi.spyOn(businessMetrics, 'paymentVerifyFailed');
    try {
      const payer = await fundedAccount(0, 'verify-metric');
      const { paymentUrl } = await startTopUp(payer, 150);
      const invoiceId = await payForInvoice(paymentUrl, { webhook: false });
      await outage(true);
      await expect(settleInvoice({ invoiceId })).rejects.toBeInstanceOf(ServiceUnavailable);
      expect(failed).toHaveBeenCalledTimes(1);
      await outage(false);
      // A refusal (an invoice the gateway does not know) is the gateway answering.
      expect(await settleInvoice({ invoiceId: `unknown-${Date.now()}` })).toBeUndefined();
      expect(await settleInvoice({ invoiceId })).toMatchObject({ status: 'completed' });
      expect(failed).toHaveBeenCalledTimes(1);
    } finally {
      failed.mockRestore();
    }
  });
});
