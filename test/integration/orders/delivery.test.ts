import { createHash, createHmac, randomInt } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { advanceDeliveries } from '../../../functions/orders/delivery-job';
import { db, tableName } from '../../../functions/shared/db';
import { getPlan } from '../../../functions/catalog/repo';
import { stockOf } from '../../../functions/vouchers/repo';
import { listLedger } from '../../../functions/wallet/repo';
import type { AdminDeliveries } from '../../../functions/contract/admin-wire';
import type { OrderDetail } from '../../../functions/contract/wire';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin } from '../../support/admin';
import { stockPlanWith } from '../../support/catalog';
import { callApi } from '../../support/http';
import { balanceOf, expectLedgerMatchesBalance, fundedAccount, fundedAccounts, payInvoice } from '../../support/money';

/** The seeded Free Fire plans delivered without an operator (scripts/local/seed.ts). */
const supplierPlan = { plan_id: 'ff-100-instant', price: 75 };
const stockPlan = { plan_id: 'ff-unipin-100', price: 80 };

/** A Free Fire player ID (6 to 12 digits) no other test uses, ending in `digit`: the fake supplier's behaviour (contract: Delivery). */
const playerEndingIn = (digit: number) => `${randomInt(1e8, 1e9)}${digit}`;

const supplierUrl = () => inject('stack').supplierUrl;

/** What the fake supplier recorded of our order id: how often it was posted and delivered, and the max_price sent. */
async function atSupplier(
  orderId: string,
): Promise<{ posts: number; deliveries: number; max_price: number | null; status: string } | undefined> {
  const transactions = (await (await fetch(`${supplierUrl()}/test/transactions`)).json()) as {
    ref_id: string;
    posts: number;
    deliveries: number;
    max_price: number | null;
    status: string;
  }[];
  return transactions.find((transaction) => transaction.ref_id === orderId);
}

/** One of the fake supplier's test controls (scripts/local/fake-supplier.ts). */
const setSupplier = (path: 'down' | 'balance' | 'hold' | 'resolve' | 'limit' | 'whitelist' | 'ping', body: Record<string, unknown> = {}) =>
  fetch(`${supplierUrl()}/test/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The rupiah one taka buys, as the seed sets it (scripts/local/demo-supplier.ts). */
const seededRate = '133';

let admin = '';
const adminToken = async () => {
  admin ||= await logInAdmin();
  return admin;
};
const setRate = async (rate: string) =>
  callApi<{ data: AdminDeliveries }>('/admin/suppliers/digiflazz', { token: await adminToken(), form: { rate } });

afterEach(async () => {
  await setSupplier('down', { down: false });
  await setSupplier('balance', { deposit: 1_000_000_000 });
  await setSupplier('whitelist', { addresses: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] });
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

/** Waits until the order's delivery reaches `state` (the dispatcher, the job and callbacks work on their own), answering the order. */
async function orderOnceIn(buyer: TestAccount, orderId: string, state: OrderDetail['delivery']['state']) {
  await expect.poll(async () => (await order(buyer, orderId)).delivery.state, { timeout: 25_000, interval: 300 }).toBe(state);
  return order(buyer, orderId);
}

/** Waits until the supplier holds a transaction for the order (the dispatcher sent it). */
const sentToSupplier = (orderId: string) =>
  expect.poll(async () => (await atSupplier(orderId)) !== undefined, { timeout: 15_000, interval: 200 }).toBe(true);

const lookUp = (buyer: TestAccount, playerId: string, game = 'free-fire') =>
  callApi<{ data: { player_name: string; region: string } }>('/user/player_lookup', {
    token: buyer.token,
    form: { master_category: game, player_id: playerId },
  });

/** A callback as the supplier signs it (HMAC-SHA1 of the body with the webhook secret). */
function supplierCallback(
  orderId: string,
  playerId: string,
  status: 'Sukses' | 'Gagal',
  secret = inject('stack').supplierCredentials.webhookSecret,
) {
  const body = JSON.stringify({
    data: {
      ref_id: orderId,
      customer_no: playerId,
      buyer_sku_code: 'FF100',
      status,
      rc: status === 'Sukses' ? '00' : '02',
      message: status,
      sn: '1',
    },
  });
  return callApi('/supplier/digiflazz/webhook', {
    raw: { body, contentType: 'application/json' },
    headers: { 'x-hub-signature': `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`, 'x-digiflazz-event': 'update' },
  });
}

const refundsOf = async (userId: string, orderId: string) =>
  (await listLedger(userId)).filter((entry) => entry.reason === 'refund' && entry.reference === orderId);

const runJob = (now = Date.now() + 3_600_000) => advanceDeliveries({ batchSize: 5, timeForAnotherBatch: () => true, now });

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
    expect(placed.delivery.player_name).toBe('');
    expect((await orderOnceIn(buyer, placed.order_id, 'delivered')).status).toBe('1');
  });

  it('sends the lookup service its own signature and nothing made from the supplier’s key (read on the wire)', async () => {
    const buyer = await fundedAccount(0);
    const playerId = playerEndingIn(3);
    expect((await lookUp(buyer, playerId)).status).toBe(200);
    const lookups = (await (await fetch(`${supplierUrl()}/test/lookups`)).json()) as { headers: Record<string, string>; body: string }[];
    const seen = lookups.find((request) => request.body.includes(playerId))!;
    const wire = JSON.stringify(seen);
    const { username, apiKey, lookupKey } = inject('stack').supplierCredentials;
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    // Digiflazz's signatures for this player ID as a ref_id, for the deposit and the price list: none may appear, nor the key itself.
    for (const forbidden of [
      apiKey,
      username,
      md5(username + apiKey + playerId),
      md5(`${username}${apiKey}depo`),
      md5(`${username}${apiKey}pricelist`),
    ])
      expect(wire).not.toContain(forbidden);
    expect(JSON.parse(seen.body)).toEqual({ game: 'freefire', player_id: playerId });
    const timestamp = seen.headers['x-lookup-timestamp']!;
    expect(seen.headers['x-lookup-signature']).toBe(
      `sha256=${createHmac('sha256', lookupKey).update(`${timestamp}.${seen.body}`).digest('hex')}`,
    );
  });
});

describe('delivery through the supplier', () => {
  it('delivers a wallet order through the dispatcher, once, at the exchange rate, and shows it delivered', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(1));
    expect(placed).toMatchObject({ status: '0', delivery: { mode: 'supplier', state: 'delivering' } });
    const delivered = await orderOnceIn(buyer, placed.order_id, 'delivered');
    expect(delivered.status).toBe('1');
    // The plan's cost, 68 taka, at 133 rupiah a taka: the most the supplier may ask, in its own currency.
    expect(await atSupplier(placed.order_id)).toMatchObject({ posts: 1, deliveries: 1, max_price: 68 * Number(seededRate) });
    expect(await balanceOf(buyer.code)).toBe(25);
    expect(delivered.timeline.map((step) => step.status)).toEqual(['placed', 'paid', 'delivering', 'delivered']);
    const console = await callApi<{ data: { delivery: { cost: number; cost_paid: number | null } } }>(`/admin/orders/${placed.order_id}`, {
      token: await adminToken(),
    });
    // 9,000 rupiah at 133 a taka is 67.67 taka: the margin counts 68.
    expect(console.body.data.delivery).toMatchObject({ cost: 68, cost_paid: 68 });
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
      const playerId = playerEndingIn(digit);
      const placed = await walletOrder(buyer, supplierPlan, playerId);
      const failed = await orderOnceIn(buyer, placed.order_id, 'failed');
      expect(failed.status).toBe('2');
      expect(failed.remark).toMatch(/refunded to your wallet/);
      await Promise.all([
        ...Array.from({ length: 5 }, () => supplierCallback(placed.order_id, playerId, 'Gagal')),
        ...Array.from({ length: 3 }, () => runJob()),
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
    await orderOnceIn(buyer, placed.order_id, 'unknown');
    await Promise.all(Array.from({ length: 4 }, () => runJob()));
    const delivered = await orderOnceIn(buyer, placed.order_id, 'delivered');
    expect(delivered.status).toBe('1');
    expect(await atSupplier(placed.order_id)).toMatchObject({ deliveries: 1 });
    expect(await balanceOf(buyer.code)).toBe(25);
    expect(await refundsOf(buyer.code, placed.order_id)).toHaveLength(0);
  });

  it('delivers a pending top-up once on the signed callback, without asking back at once, replays changing nothing', async () => {
    const buyer = await fundedAccount(100);
    const playerId = playerEndingIn(1);
    await setSupplier('hold', { customer_no: playerId });
    const placed = await walletOrder(buyer, supplierPlan, playerId);
    await sentToSupplier(placed.order_id);
    const postsBefore = (await atSupplier(placed.order_id))!.posts;
    // The fake answers once the shop has answered its webhook: a shop asking back would have posted by then.
    expect((await setSupplier('resolve', { ref_id: placed.order_id, status: 'Sukses' })).status).toBe(200);
    expect((await atSupplier(placed.order_id))!.posts).toBe(postsBefore);
    await orderOnceIn(buyer, placed.order_id, 'delivered');
    expect(await atSupplier(placed.order_id)).toMatchObject({ deliveries: 1 });
    const replays = await Promise.all(Array.from({ length: 6 }, () => supplierCallback(placed.order_id, playerId, 'Gagal')));
    expect(replays.map((reply) => reply.status)).toEqual(Array(6).fill(200));
    expect((await order(buyer, placed.order_id)).status).toBe('1');
    expect(await balanceOf(buyer.code)).toBe(25);
  });

  it('treats a slow answer as lost and finds it delivered by asking', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(6));
    await orderOnceIn(buyer, placed.order_id, 'delivered');
    const supplier = await atSupplier(placed.order_id);
    expect(supplier?.deliveries).toBe(1);
    expect(supplier?.posts).toBeGreaterThanOrEqual(2);
  });

  it('refuses a callback without the supplier signature, changing nothing, and answers the set-up ping', async () => {
    const buyer = await fundedAccount(100);
    const playerId = playerEndingIn(9);
    const placed = await walletOrder(buyer, supplierPlan, playerId);
    await sentToSupplier(placed.order_id);
    const forged = await supplierCallback(placed.order_id, playerId, 'Gagal', 'not-the-secret');
    expect(forged.status).toBe(401);
    expect(await balanceOf(buyer.code)).toBe(25);
    await orderOnceIn(buyer, placed.order_id, 'delivered');
    const ping = await callApi('/supplier/digiflazz/webhook', {
      raw: { body: JSON.stringify({ data: { hook_id: 1 } }), contentType: 'application/json' },
      headers: { 'x-digiflazz-event': 'ping' },
    });
    expect(ping.status).toBe(200);
  });

  it('asks again later, leaving the order unknown, when a status check is answered rc 85', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(7));
    await orderOnceIn(buyer, placed.order_id, 'unknown');
    await setSupplier('limit', { count: 50 });
    try {
      await runJob();
      await new Promise((done) => setTimeout(done, 2_500));
      await runJob(Date.now() + 7_200_000);
      const limited = await order(buyer, placed.order_id);
      expect(limited).toMatchObject({ status: '0', delivery: { state: 'unknown' } });
      expect(await refundsOf(buyer.code, placed.order_id)).toHaveLength(0);
    } finally {
      await setSupplier('limit', { count: 0 });
    }
    expect((await orderOnceIn(buyer, placed.order_id, 'delivered')).status).toBe('1');
    expect(await atSupplier(placed.order_id)).toMatchObject({ deliveries: 1 });
  });

  it('sends an order to the queue when a status check shows no transaction was ever made, refunding nothing', async () => {
    const buyer = await fundedAccount(100);
    await setSupplier('down', { down: true });
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(1));
    await orderOnceIn(buyer, placed.order_id, 'unknown');
    // The send never reached the supplier: asked again, it takes the question as a new top-up and refuses it (rc 44).
    await setSupplier('balance', { deposit: 10 });
    await setSupplier('down', { down: false });
    await new Promise((done) => setTimeout(done, 2_100));
    await runJob();
    const queued = await orderOnceIn(buyer, placed.order_id, 'waiting');
    expect(queued.status).toBe('0');
    expect(await refundsOf(buyer.code, placed.order_id)).toHaveLength(0);
    const seen = await callApi<{ data: { delivery: { reason: string } } }>(`/admin/orders/${placed.order_id}`, {
      token: await adminToken(),
    });
    expect(seen.body.data.delivery.reason).toBe('The supplier balance is too low');
  });

  it('gives a top-up the supplier can no longer be asked about (its 90 days) to a person instead of asking', async () => {
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(7));
    await orderOnceIn(buyer, placed.order_id, 'unknown');
    const postsBefore = (await atSupplier(placed.order_id))!.posts;
    await runJob(Date.now() + 89 * 86_400_000);
    expect((await order(buyer, placed.order_id)).delivery.state).toBe('waiting');
    expect((await atSupplier(placed.order_id))!.posts).toBe(postsBefore);
  });

  it("lets an operator take an order over by hand; the supplier's late delivery changes nothing", async () => {
    const buyer = await fundedAccount(100);
    const playerId = playerEndingIn(1);
    await setSupplier('hold', { customer_no: playerId });
    const placed = await walletOrder(buyer, supplierPlan, playerId);
    await sentToSupplier(placed.order_id);
    const completed = await callApi<{ data: { status: string } }>(`/admin/orders/${placed.order_id}/complete`, {
      token: await adminToken(),
      form: { remark: 'Delivered by hand' },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect((await setSupplier('resolve', { ref_id: placed.order_id, status: 'Sukses' })).status).toBe(200);
    await expect.poll(async () => (await atSupplier(placed.order_id))?.deliveries, { timeout: 15_000 }).toBe(1);
    const after = await order(buyer, placed.order_id);
    expect(after).toMatchObject({ status: '1', remark: 'Delivered by hand' });
    expect(await balanceOf(buyer.code)).toBe(25);
  });

  it('falls back to the queue when the supplier balance is too low, refunding nothing', async () => {
    await setSupplier('balance', { deposit: 10 });
    const buyer = await fundedAccount(100);
    const placed = await walletOrder(buyer, supplierPlan, playerEndingIn(1));
    await orderOnceIn(buyer, placed.order_id, 'waiting');
    const seen = await callApi<{ data: { delivery: { reason: string } } }>(`/admin/orders/${placed.order_id}`, {
      token: await adminToken(),
    });
    expect(seen.body.data.delivery.reason).toBe('The supplier balance is too low');
    expect(await balanceOf(buyer.code)).toBe(25);

    // Refunded by an operator from the queue, it was never delivered, and no delivery failed either.
    const refunded = await callApi(`/admin/orders/${placed.order_id}/refund`, {
      token: await adminToken(),
      form: { remark: 'Out of stock today', to: 'wallet', seen_status: '0' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(await order(buyer, placed.order_id)).toMatchObject({ status: '2', delivery: { state: 'waiting' } });
    expect(await balanceOf(buyer.code)).toBe(100);
  });
});

describe('one owner of an order’s money', () => {
  /** An operator's refund of the order as they saw it: waiting (status "0"), as the console sends it. */
  const refund = async (orderId: string, to: 'wallet' | 'gateway') =>
    callApi<{ message: string }>(`/admin/orders/${orderId}/refund`, {
      token: await adminToken(),
      form: { remark: 'Shopper says it is stuck', to, seen_status: '0' },
    });
  const gatewayRefunds = async (orderId: string) =>
    ((await (await fetch(`${inject('stack').gatewayUrl}/test/refunds`)).json()) as { reason: string }[]).filter((line) =>
      line.reason.includes(orderId),
    );

  for (const outcome of ['Gagal', 'Sukses'] as const) {
    it(`moves money once when refunds to the payment method race an open delivery that ends ${outcome === 'Gagal' ? 'failed' : 'delivered'}`, async () => {
      const buyer = await fundedAccount(0);
      const playerId = playerEndingIn(1);
      await setSupplier('hold', { customer_no: playerId });
      const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
        token: buyer.token,
        form: { plan_id: supplierPlan.plan_id, saccount_id: playerId, amount: supplierPlan.price },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const orderId = started.body.data.id;
      await payInvoice(started.body.data.payment_url);
      await sentToSupplier(orderId);

      // While the top-up is open at the supplier, no refund goes, to bKash or to the wallet: each says why.
      const whileOpen = await Promise.all([...Array.from({ length: 4 }, () => refund(orderId, 'gateway')), refund(orderId, 'wallet')]);
      expect(whileOpen.map((answer) => answer.status)).toEqual([409, 409, 409, 409, 409]);
      expect(whileOpen[0]!.body.message).toMatch(/automatic delivery of this order is still under way/);
      expect(await gatewayRefunds(orderId)).toHaveLength(0);

      // The supplier's outcome and more clicks at once.
      const [clicks] = await Promise.all([
        Promise.all(
          Array.from({ length: 6 }, (_, i) => new Promise((done) => setTimeout(done, i * 40)).then(() => refund(orderId, 'gateway'))),
        ),
        setSupplier('resolve', { ref_id: orderId, status: outcome, rc: '02' }),
      ]);
      await orderOnceIn(buyer, orderId, outcome === 'Gagal' ? 'failed' : 'delivered');
      // Every click refused: while the delivery was open, or after it, on an order that moved since the operator saw it.
      expect(clicks.map((click) => click.status)).toEqual(Array(6).fill(409));
      expect(await gatewayRefunds(orderId)).toHaveLength(0);
      // The delivery's own outcome moved the money once: its refund to the wallet, or the top-up itself.
      expect((await refundsOf(buyer.code, orderId)).length).toBe(outcome === 'Gagal' ? 1 : 0);
      expect(await balanceOf(buyer.code)).toBe(outcome === 'Gagal' ? 75 : 0);
      expect((await refund(orderId, 'gateway')).status).toBe(409);
      expect(await atSupplier(orderId)).toMatchObject({ deliveries: outcome === 'Sukses' ? 1 : 0 });
      await expectLedgerMatchesBalance(buyer.code);
    }, 45_000);
  }
});

describe('the guards', () => {
  it('stops automatic delivery of a plan whose supplier asks more than the recorded cost at the exchange rate, until an operator saves it', async () => {
    const id = `guard-${randomInt(1e6)}`;
    const plan = { plans_id: '', category_id: 'ff-uid', pname: `Guarded ${id}`, image: '/images/plan-diamond.svg', price: 75, status: 1 };
    // 60 taka at 133 is 7,980 rupiah: below FF100's 9,000.
    const saved = await callApi<{ data: { plans_id: string } }>('/admin/plans', {
      token: await adminToken(),
      form: { ...plan, delivery: 'supplier', supplier_sku: 'FF100', cost: 60 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const planId = saved.body.data.plans_id;
    const buyer = await fundedAccount(300);
    const first = await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1));
    await orderOnceIn(buyer, first.order_id, 'waiting');
    expect((await getPlan(planId))?.deliveryPaused).toMatch(/more than the recorded cost/);
    const second = await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1));
    expect(second.delivery).toMatchObject({ mode: 'manual', state: 'waiting' });

    const atCost = await callApi('/admin/plans', {
      token: await adminToken(),
      form: { ...plan, plans_id: planId, delivery: 'supplier', supplier_sku: 'FF100', cost: 75 },
    });
    expect(atCost.status).toBe(400);
    const resaved = await callApi('/admin/plans', {
      token: await adminToken(),
      form: { ...plan, plans_id: planId, delivery: 'supplier', supplier_sku: 'FF100', cost: 70 },
    });
    expect(resaved.status).toBe(200);
    expect((await getPlan(planId))?.deliveryPaused).toBeUndefined();
    const third = await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1));
    expect((await orderOnceIn(buyer, third.order_id, 'delivered')).status).toBe('1');
  });

  it('keeps a plan manual while its supplier cannot be used as set up: an address it does not know, or no exchange rate', async () => {
    const id = `setup-${randomInt(1e6)}`;
    const plan = {
      plans_id: '',
      category_id: 'ff-uid',
      pname: `Set up ${id}`,
      image: '/images/plan-diamond.svg',
      price: 75,
      status: 1,
      delivery: 'supplier',
      supplier_sku: 'FF100',
      cost: 70,
    };
    const saved = await callApi<{ data: { plans_id: string } }>('/admin/plans', { token: await adminToken(), form: plan });
    const planId = saved.body.data.plans_id;
    const buyer = await fundedAccount(300);
    await setSupplier('whitelist', { addresses: ['203.0.113.7'] });
    const refused = await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1));
    await orderOnceIn(buyer, refused.order_id, 'waiting');
    expect((await getPlan(planId))?.deliveryPaused).toMatch(/does not know this server's address/);
    expect(await atSupplier(refused.order_id)).toBeUndefined();

    await setSupplier('whitelist', { addresses: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] });
    await callApi('/admin/plans', { token: await adminToken(), form: { ...plan, plans_id: planId } });
    expect((await getPlan(planId))?.deliveryPaused).toBeUndefined();

    // The rupiah rate gone (as before an operator first sets one): nothing is sent, the plan stops.
    await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: 'SUPPLIER#digiflazz', sk: 'SETTINGS' } }));
    try {
      const noRate = await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1));
      await orderOnceIn(buyer, noRate.order_id, 'waiting');
      expect((await getPlan(planId))?.deliveryPaused).toBe('No exchange rate for IDR is set for digiflazz');
      expect(await atSupplier(noRate.order_id)).toBeUndefined();
      expect((await setRate('0')).status).toBe(400);
      expect((await setRate('133.12345')).status).toBe(400);
    } finally {
      expect((await setRate(seededRate)).status).toBe(200);
    }
    const overview = await callApi<{ data: AdminDeliveries }>('/admin/deliveries', { token: await adminToken() });
    expect(overview.body.data.suppliers).toEqual([
      expect.objectContaining({ name: 'digiflazz', currency: 'IDR', rate: seededRate, needs_fixed_address: true }),
    ]);
    await callApi('/admin/plans', { token: await adminToken(), form: { ...plan, plans_id: planId } });
    const delivered = await walletOrder(buyer, { plan_id: planId, price: 75 }, playerEndingIn(1));
    expect((await orderOnceIn(buyer, delivered.order_id, 'delivered')).status).toBe('1');
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
    const revealed = await callApi<{ data: { code: string } }>(`/admin/orders/${placed.order_id}/reveal`, {
      token: await adminToken(),
      method: 'POST',
    });
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
