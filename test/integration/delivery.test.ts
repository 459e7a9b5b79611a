import { createHmac, randomInt } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { advanceDeliveries } from '../../functions/orders/delivery';
import { getPlan } from '../../functions/catalog/repo';
import { stockOf } from '../../functions/vouchers/repo';
import { listLedger } from '../../functions/wallet/repo';
import type { OrderDetail } from '../../functions/contract/wire';
import type { TestAccount } from '../support/accounts';
import { logInAdmin } from '../support/admin';
import { stockPlanWith } from '../support/catalog';
import { callApi } from '../support/http';
import { balanceOf, expectLedgerMatchesBalance, fundedAccount, fundedAccounts, payInvoice } from '../support/money';

/** The seeded Free Fire plans delivered without an operator (scripts/local/seed.ts). */
const supplierPlan = { plan_id: 'ff-100-instant', price: 75 };
const stockPlan = { plan_id: 'ff-unipin-100', price: 80 };

/** A Free Fire player ID (6 to 12 digits) no other test uses, ending in `digit`: the fake supplier's behaviour (contract: Delivery). */
const playerEndingIn = (digit: number) => `${randomInt(1e8, 1e9)}${digit}`;

const supplierUrl = () => inject('stack').supplierUrl;

/** What the fake supplier recorded of our order id: how often it was posted and delivered. */
async function atSupplier(orderId: string): Promise<{ posts: number; deliveries: number } | undefined> {
  const transactions = (await (await fetch(`${supplierUrl()}/test/transactions`)).json()) as {
    ref_id: string;
    posts: number;
    deliveries: number;
  }[];
  return transactions.find((transaction) => transaction.ref_id === orderId);
}

const setSupplier = (path: 'down' | 'balance', body: Record<string, unknown>) =>
  fetch(`${supplierUrl()}/test/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

afterEach(async () => {
  await setSupplier('down', { down: false });
  await setSupplier('balance', { deposit: 1_000_000 });
});

const order = async (buyer: TestAccount, orderId: string) =>
  (await callApi<{ data: OrderDetail }>(`/user/order/${orderId}`, { token: buyer.token, method: 'POST' })).body.data;

/** A wallet order of a plan for a player; answers the order as the response gives it. */
async function walletOrder(buyer: TestAccount, plan: { plan_id: string; price: number }, playerId: string) {
  const response = await callApi<{ data: OrderDetail }>('/user/request/', {
    token: buyer.token,
    form: { plan_id: plan.plan_id, saccount_id: playerId, paid_from_wallet: plan.price },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** Waits until the order's delivery reaches `state` (the job and callbacks work on their own), answering the order. */
async function orderOnceIn(buyer: TestAccount, orderId: string, state: OrderDetail['delivery']['state']) {
  await expect.poll(async () => (await order(buyer, orderId)).delivery.state, { timeout: 25_000, interval: 500 }).toBe(state);
  return order(buyer, orderId);
}

const lookUp = (buyer: TestAccount, playerId: string, game = 'free-fire') =>
  callApi<{ data: { player_name: string; region: string } }>('/user/player_lookup', {
    token: buyer.token,
    form: { master_category: game, player_id: playerId },
  });

/** A callback as the supplier signs it (HMAC-SHA1 of the body with the webhook secret). */
function supplierCallback(orderId: string, status: 'Sukses' | 'Gagal', secret = inject('stack').supplierCredentials.webhookSecret) {
  const body = JSON.stringify({ data: { ref_id: orderId, status, rc: status === 'Sukses' ? '00' : '02', message: status, sn: '1' } });
  return callApi('/supplier/digiflazz/webhook', {
    raw: { body, contentType: 'application/json' },
    headers: { 'x-hub-signature': `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`, 'x-digiflazz-event': 'update' },
  });
}

const refundsOf = async (userId: string, orderId: string) =>
  (await listLedger(userId)).filter((entry) => entry.reason === 'refund' && entry.reference === orderId);

describe('the nickname check', () => {
  it('names the player and region, and the order records the name the shopper saw', async () => {
    const buyer = await fundedAccount(100);
    const playerId = playerEndingIn(1);
    const lookup = await lookUp(buyer, playerId);
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect(lookup.body.data).toEqual({ player_name: `Player${playerId.slice(-4)}`, region: 'BD' });
    const placed = await walletOrder(buyer, supplierPlan, playerId);
    expect(placed.delivery.player_name).toBe(`Player${playerId.slice(-4)}`);
  });

  it('answers 404 for no such player, 503 when the lookup is down or the game has none: a lookup never blocks a sale', async () => {
    const buyer = await fundedAccount(100);
    expect((await lookUp(buyer, playerEndingIn(0))).status).toBe(404);
    expect((await lookUp(buyer, playerEndingIn(1), 'mobile-legends')).status).toBe(503);
    await setSupplier('down', { down: true });
    const playerId = playerEndingIn(2);
    const down = await lookUp(buyer, playerId);
    expect(down.status).toBe(503);
    await setSupplier('down', { down: false });
    const placed = await walletOrder(buyer, supplierPlan, playerId);
    expect(placed.status).toBe('1');
    expect(placed.delivery.player_name).toBe('');
  });
});

describe('delivery through the supplier', () => {
  it('delivers a wallet order at once, once, and shows it delivered', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(1));
    expect(placed).toMatchObject({ status: '1', delivery: { mode: 'supplier', state: 'delivered' } });
    expect(await atSupplier(placed.order_id)).toMatchObject({ posts: 1, deliveries: 1 });
    expect(await balanceOf(buyer.code)).toBe(25);
    const detail = await order(buyer, placed.order_id);
    expect(detail.timeline.map((step) => step.status)).toEqual(['placed', 'paid', 'delivering', 'delivered']);
  });

  it('delivers a gateway order once its payment settles', async () => {
    const buyer = await fundedAccount(0);
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: supplierPlan.plan_id, saccount_id: playerEndingIn(3), amount: supplierPlan.price },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await payInvoice(started.body.data.payment_url);
    const delivered = await orderOnceIn(buyer, started.body.data.id, 'delivered');
    expect(delivered.status).toBe('1');
    expect(await atSupplier(started.body.data.id)).toMatchObject({ deliveries: 1 });
  });

  for (const [digit, what] of [
    [0, 'no such player'],
    [8, 'a permanent failure'],
  ] as const) {
    it(`refunds ${what} to the wallet in the failure's own write, once, whatever replays and inquiries follow`, async () => {
      const buyer = await fundedAccount(100);
      const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(digit));
      expect(placed).toMatchObject({ status: '2', delivery: { state: 'failed' } });
      expect(placed.remark).toMatch(/refunded to your wallet/);
      await Promise.all([
        ...Array.from({ length: 5 }, () => supplierCallback(placed.order_id, 'Gagal')),
        ...Array.from({ length: 3 }, () =>
          advanceDeliveries({ batchSize: 5, timeForAnotherBatch: () => true, now: Date.now() + 3_600_000 }),
        ),
      ]);
      expect(await balanceOf(buyer.code)).toBe(100);
      expect(await refundsOf(buyer.code, placed.order_id)).toHaveLength(1);
      await expectLedgerMatchesBalance(buyer.code);
      expect((await atSupplier(placed.order_id))?.deliveries ?? 0).toBe(0);
      expect((await order(buyer, placed.order_id)).timeline.map((step) => step.status)).toContain('delivery_failed');
    });
  }

  it('finds a delivery whose answer was lost by asking, never by sending again, under parallel inquiry runs', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(7));
    expect(placed).toMatchObject({ status: '0', delivery: { state: 'unknown' } });
    await Promise.all(
      Array.from({ length: 4 }, () => advanceDeliveries({ batchSize: 5, timeForAnotherBatch: () => true, now: Date.now() + 3_600_000 })),
    );
    const delivered = await orderOnceIn(buyer, placed.order_id, 'delivered');
    expect(delivered.status).toBe('1');
    expect(await atSupplier(placed.order_id)).toMatchObject({ deliveries: 1 });
    expect(await balanceOf(buyer.code)).toBe(25);
    expect(await refundsOf(buyer.code, placed.order_id)).toHaveLength(0);
  });

  it('waits on a pending top-up and delivers it once on the signed callback, replays changing nothing', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(9));
    expect(placed).toMatchObject({ status: '0', delivery: { state: 'delivering' } });
    await orderOnceIn(buyer, placed.order_id, 'delivered');
    const replays = await Promise.all(Array.from({ length: 6 }, () => supplierCallback(placed.order_id, 'Gagal')));
    expect(replays.map((reply) => reply.status)).toEqual(Array(6).fill(200));
    expect((await order(buyer, placed.order_id)).status).toBe('1');
    expect(await atSupplier(placed.order_id)).toMatchObject({ deliveries: 1 });
    expect(await balanceOf(buyer.code)).toBe(25);
  });

  it('treats a slow answer as lost and finds it delivered by asking', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(6));
    // The request gives up after 4 s; the job (every 2 s here) may have asked and found it meanwhile.
    expect(['unknown', 'delivered']).toContain(placed.delivery.state);
    await orderOnceIn(buyer, placed.order_id, 'delivered');
    const supplier = await atSupplier(placed.order_id);
    expect(supplier?.deliveries).toBe(1);
    expect(supplier?.posts).toBeGreaterThanOrEqual(2);
  });

  it('refuses a callback without the supplier signature, changing nothing', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(9));
    const forged = await supplierCallback(placed.order_id, 'Gagal', 'not-the-secret');
    expect(forged.status).toBe(401);
    expect(await balanceOf(buyer.code)).toBe(25);
    await orderOnceIn(buyer, placed.order_id, 'delivered');
  });

  it("lets an operator take an order over by hand; the supplier's late delivery changes nothing", async () => {
    const [buyer, admin] = await Promise.all([fundedAccount(100), logInAdmin()]);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(9));
    const completed = await callApi<{ data: { status: string } }>(`/admin/orders/${placed.order_id}/complete`, {
      token: admin,
      form: { remark: 'Delivered by hand' },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    await expect.poll(async () => (await atSupplier(placed.order_id))?.deliveries, { timeout: 15_000 }).toBe(1);
    await supplierCallback(placed.order_id, 'Sukses');
    const after = await order(buyer, placed.order_id);
    expect(after).toMatchObject({ status: '1', remark: 'Delivered by hand' });
    expect(await balanceOf(buyer.code)).toBe(25);
  });

  it('falls back to the queue when the supplier balance is too low, refunding nothing', async () => {
    await setSupplier('balance', { deposit: 10 });
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(1));
    expect(placed).toMatchObject({ status: '0', delivery: { state: 'waiting' } });
    const admin = await logInAdmin();
    const seen = await callApi<{ data: { delivery: { reason: string } } }>(`/admin/orders/${placed.order_id}`, { token: admin });
    expect(seen.body.data.delivery.reason).toBe('The supplier balance is too low');
    expect(await balanceOf(buyer.code)).toBe(25);
  });
});

describe('the guards', () => {
  it('stops automatic delivery of a plan whose supplier asks more than the recorded cost, until an operator saves it', async () => {
    const admin = await logInAdmin();
    const id = `guard-${randomInt(1e6)}`;
    const plan = { plans_id: '', category_id: 'ff-uid', pname: `Guarded ${id}`, image: '/images/plan-diamond.svg', price: 75, status: 1 };
    const saved = await callApi<{ data: { plans_id: string } }>('/admin/plans', {
      token: admin,
      form: { ...plan, delivery: 'supplier', supplier_sku: 'FF100', cost: 60 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const planId = saved.body.data.plans_id;
    const buyer = await fundedAccount(300);
    const first = await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1));
    expect(first.delivery.state).toBe('waiting');
    expect((await getPlan(planId))?.deliveryPaused).toMatch(/more than the recorded cost/);
    const second = await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1));
    expect(second.delivery).toMatchObject({ mode: 'manual', state: 'waiting' });

    const atCost = await callApi('/admin/plans', {
      token: admin,
      form: { ...plan, plans_id: planId, delivery: 'supplier', supplier_sku: 'FF100', cost: 75 },
    });
    expect(atCost.status).toBe(400);
    const resaved = await callApi('/admin/plans', {
      token: admin,
      form: { ...plan, plans_id: planId, delivery: 'supplier', supplier_sku: 'FF100', cost: 70 },
    });
    expect(resaved.status).toBe(200);
    expect((await getPlan(planId))?.deliveryPaused).toBeUndefined();
    expect((await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1))).status).toBe('1');
  });
});

describe('delivery from code stock', () => {
  it('delivers the seeded plan with one code, shown to the shopper and revealed to an operator with an audit entry', async () => {
    const buyer = await fundedAccount(100);
    const before = await stockOf('unipin-100');
    const placed = await walletOrder(buyer, stockPlan, playerEndingIn(1));
    expect(placed).toMatchObject({ status: '1', delivery: { mode: 'stock', state: 'delivered' } });
    expect(placed.delivery.code).toMatch(/^UNIPIN100-/);
    expect(await stockOf('unipin-100')).toBe(before - 1);
    const admin = await logInAdmin();
    const revealed = await callApi<{ data: { code: string } }>(`/admin/orders/${placed.order_id}/reveal`, { token: admin, method: 'POST' });
    expect(revealed.body.data.code).toBe(placed.delivery.code);
  });

  it('delivers a gateway order from stock once its payment settles', async () => {
    const buyer = await fundedAccount(0);
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: stockPlan.plan_id, saccount_id: playerEndingIn(4), amount: stockPlan.price },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await payInvoice(started.body.data.payment_url);
    const delivered = await orderOnceIn(buyer, started.body.data.id, 'delivered');
    expect(delivered.delivery.code).toMatch(/^UNIPIN100-/);
  });

  it('claims each code once under racing buyers, and sends the orders it cannot serve to the queue', async () => {
    const { planId, voucherId, codes } = await stockPlanWith(4);
    const buyers = await fundedAccounts(8, 100);
    const placed = await Promise.all(buyers.map((buyer) => walletOrder(buyer, { plan_id: planId, price: 80 }, playerEndingIn(1))));
    const delivered = placed.filter((row) => row.delivery.state === 'delivered');
    expect(delivered).toHaveLength(4);
    expect(new Set(delivered.map((row) => row.delivery.code))).toEqual(new Set(codes));
    expect(placed.filter((row) => row.delivery.state === 'waiting')).toHaveLength(4);
    expect(await stockOf(voucherId)).toBe(0);
  });
});
