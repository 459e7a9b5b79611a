import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getPlan } from '../../../functions/catalog/repo';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { balanceOf, expectLedgerMatchesBalance, freshVoucher, fundedAccount, fundedAccounts, settledBalances } from '../../support/money';

type SaleRow = { sale_id: string; plan_id: string; price: number; sold: number; quantity: number | null };
type PlanRow = { plans_id: string; price: number; sale_price?: number; sale_ends_at?: string; sale_left?: number | null };
type Quote = { price: number; discount: number; total: number; sale: { price: number; ends_at: string; left: number | null } | null };

/** A new plan of Free Fire's UID group at ৳100, its own so that a sale on it changes no other test's price. */
async function freshPlan(delivery: Record<string, string | number> = {}): Promise<string> {
  const saved = await callApi<{ data: { plans_id: string } }>('/admin/plans', {
    token: await logInAdmin(),
    form: {
      plans_id: '',
      category_id: 'ff-uid',
      pname: `Sale ${randomBytes(3).toString('hex')}`,
      image: '/images/plan-diamond.svg',
      price: 100,
      no_of_diamonds: 100,
      status: 1,
      position: 995,
      ...delivery,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.plans_id;
}

/** A Dhaka wall-clock time the console would send (no offset), `ms` from now, to the second. */
const dhakaIn = (ms: number) => {
  const at = Math.ceil((Date.now() + ms) / 1000) * 1000;
  return { at, text: new Date(at + 6 * 3_600_000).toISOString().slice(0, 19) };
};

async function createSale(fields: Record<string, string | number>) {
  return callApi<{ data: SaleRow; message: string }>('/admin/sales', { method: 'POST', token: await logInAdmin(), form: fields });
}

async function runningSale(planId: string, fields: Record<string, string | number> = {}) {
  const created = await createSale({
    plan_id: planId,
    price: 60,
    starts_at: dhakaIn(-60_000).text,
    ends_at: dhakaIn(3_600_000).text,
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data;
}

const order = (token: string, planId: string, total: number, playerId = uniquePlayerId(), coupanCode = '') =>
  callApi<{ data: { order_id: string; paid_amount: number }; message: string }>('/user/request/', {
    token,
    form: { plan_id: planId, saccount_type: 'UID Free Fire', saccount_id: playerId, paid_from_wallet: total, coupan_code: coupanCode },
  });

/** A player ID the stand-in supplier delivers to at once (its outcome follows the last digit: 1 is Sukses). */
const deliveredPlayerId = () => `${randomInt(1e8, 1e9)}1`;

/** A supplier plan's order at or below its cost is delivered, and the plan's delivery guard is never tripped by it. */
async function expectDeliveredWithoutPause(token: string, orderId: string, planId: string) {
  await expect
    .poll(async () => (await callApi<{ data: { status: string } }>(`/user/order/${orderId}`, { token, form: {} })).body.data.status, {
      timeout: 15_000,
    })
    .toBe('1');
  expect((await getPlan(planId))?.deliveryPaused).toBeUndefined();
}
const quote = (planId: string, coupanCode = '') =>
  callApi<{ data: Quote; message: string }>('/user/quote', { form: { plan_id: planId, coupan_code: coupanCode } });
/** The plan's row in its group's list, as the shop reads it: the GET twin, through the (local) edge cache. */
const listed = async (planId: string) => {
  const list = await callApi<{ data: PlanRow[] }>('/user/plan_list?category_id=ff-uid');
  return Object.assign(list.body.data.find((row) => row.plans_id === planId)!, { cacheControl: list.headers.get('cache-control') });
};
const soldOf = async (saleId: string) => {
  const sales = await callApi<{ data: { items: SaleRow[] } }>('/admin/sales', { method: 'GET', token: await logInAdmin() });
  return sales.body.data.items.find((row) => row.sale_id === saleId)!.sold;
};

describe('flash sales', () => {
  it('prices the plan at the sale price a second before its end and at the list price from that second, in the list, the quote and the order', async () => {
    const planId = await freshPlan();
    // Ten seconds of sale: the list, the quote and an order must all come before its end on a loaded machine.
    const end = dhakaIn(10_000);
    const sale = await runningSale(planId, { ends_at: end.text });
    const onSale = await listed(planId);
    expect(onSale).toMatchObject({ price: 100, sale_price: 60, sale_ends_at: new Date(end.at).toISOString(), sale_left: null });
    // Cached at the edge no longer than until the sale's end, and never served stale past it.
    expect(Number(/s-maxage=(\d+)/.exec(onSale.cacheControl!)?.[1])).toBeLessThanOrEqual(10);
    expect(onSale.cacheControl).not.toContain('stale-while-revalidate');
    expect((await quote(planId)).body.data).toEqual({
      price: 100,
      discount: 0,
      total: 60,
      coupan_code: '',
      sale: { price: 60, ends_at: new Date(end.at).toISOString(), left: null },
    });
    const buyer = await fundedAccount(300, 'sale');
    const before = await order(buyer.token, planId, 60);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data.paid_amount).toBe(60);
    await new Promise((done) => setTimeout(done, end.at - Date.now() + 20));
    const atEnd = await order(buyer.token, planId, 60);
    expect([atEnd.status, (atEnd.body as { data?: { total?: number } }).data?.total]).toEqual([409, 100]);
    expect((await order(buyer.token, planId, 100)).status).toBe(200);
    expect(await balanceOf(buyer.code)).toBe(140);
    await expectLedgerMatchesBalance(buyer.code);
    expect((await quote(planId)).body.data).toMatchObject({ total: 100, sale: null });
    expect(await listed(planId)).not.toHaveProperty('sale_price');
    expect(await soldOf(sale.sale_id)).toBe(1);
  });

  it('never sells more than its quantity at the sale price under a rush: the rest are told the new price and charged nothing', async () => {
    const planId = await freshPlan();
    const sale = await runningSale(planId, { quantity: 5 });
    const buyers = await fundedAccounts(30, 100, 'rush');
    const answers = await Promise.all(buyers.map((buyer) => order(buyer.token, planId, 60)));
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(5);
    // A 500 is the loaded host's deadline (the order may still run): what counts is what was charged, once settled.
    for (const answer of answers.filter((each) => each.status !== 200 && each.status < 500))
      expect([answer.status, (answer.body as { data?: { total?: number } }).data?.total]).toEqual([409, 100]);
    const balances = await settledBalances(buyers, 100);
    expect(balances.filter((balance) => balance === 40)).toHaveLength(5);
    expect(balances.filter((balance) => balance === 100)).toHaveLength(25);
    expect(await soldOf(sale.sale_id)).toBe(5);
    expect((await quote(planId)).body.data).toMatchObject({ total: 100, sale: null });
    expect(await listed(planId)).toMatchObject({ sale_price: 60, sale_left: 0 });
  }, 120_000);

  it('counts one person across accounts, and lets a code apply only at the list price', async () => {
    const planId = await freshPlan();
    await runningSale(planId, { per_person: 1 });
    const playerId = uniquePlayerId();
    const [first, second] = await fundedAccounts(2, 300, 'per');
    expect((await order(first!.token, planId, 60, playerId)).status).toBe(200);
    const again = await order(first!.token, planId, 60);
    expect([again.status, (again.body as { data?: { total?: number } }).data?.total]).toEqual([409, 100]);
    const sameplayer = await order(second!.token, planId, 60, playerId);
    expect(sameplayer.status).toBe(409);
    // At the list price the same buyer still buys.
    expect((await order(first!.token, planId, 100)).status).toBe(200);
    const code = `SALE${randomBytes(3).toString('hex').toUpperCase()}`;
    await callApi('/admin/promo_codes', { method: 'POST', token: await logInAdmin(), form: { code, kind: 'fixed', value: 5 } });
    const stacked = await quote(planId, code);
    expect([stacked.status, stacked.body.message]).toEqual([400, 'A promo code cannot be used with a sale price']);
  });

  it('ends a running sale from the console at once: the list price from that second, in the list and the order', async () => {
    const planId = await freshPlan();
    const sale = await runningSale(planId, { quantity: 10 });
    const ended = await callApi<{ data: SaleRow & { active: number }; message: string }>(`/admin/sales/${sale.sale_id}/end`, {
      method: 'POST',
      token: await logInAdmin(),
    });
    expect([ended.status, ended.body.message, ended.body.data.active]).toEqual([200, 'Sale ended', 0]);
    expect((await quote(planId)).body.data).toMatchObject({ total: 100, sale: null });
    expect(await listed(planId)).not.toHaveProperty('sale_price');
    const buyer = await fundedAccount(100, 'ended');
    expect((await order(buyer.token, planId, 60)).status).toBe(409);
    expect((await order(buyer.token, planId, 100)).status).toBe(200);
    const again = await callApi(`/admin/sales/${sale.sale_id}/end`, { method: 'POST', token: await logInAdmin() });
    expect(again.status).toBe(409);
  });

  it('prices voucher codes at a sale per quantity, and never sells more codes at the sale price than its quantity under a rush', async () => {
    const voucher = await freshVoucher(30, 100);
    const created = await createSale({
      voucher_id: voucher.id,
      price: 60,
      starts_at: dhakaIn(-60_000).text,
      ends_at: dhakaIn(3_600_000).text,
      quantity: 6,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const quoted = await callApi<{ data: Quote }>('/user/quote', { form: { voucher_id: voucher.id, qty: 2 } });
    expect(quoted.body.data).toMatchObject({ price: 200, discount: 0, total: 120, sale: { price: 60, left: 6 } });
    const list = await callApi<{ data: (PlanRow & { voucher_id: string })[] }>('/user/auto_delivery_vouchers_list', {
      form: { mcategory_id: 'google-play' },
    });
    expect(list.body.data.find((row) => row.voucher_id === voucher.id)).toMatchObject({ price: 100, sale_price: 60, sale_left: 6 });
    const buyers = await fundedAccounts(6, 300, 'vsale');
    const buy = (token: string, expected: number) =>
      callApi<{ data: { total?: number } }>('/user/buy_voucher/', {
        token,
        form: { voucher_id: voucher.id, qty: 2, expected_total: expected },
      });
    const answers = await Promise.all(buyers.map((buyer) => buy(buyer.token, 120)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    for (const answer of answers.filter((each) => each.status !== 200))
      expect([answer.status, answer.body.data?.total]).toEqual([409, 200]);
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(buyer.code)));
    expect(balances.filter((balance) => balance === 180)).toHaveLength(3);
    expect(await soldOf(created.body.data.sale_id)).toBe(6);
    // At the list price the rest still buy.
    expect((await buy(buyers.find((_, i) => answers[i]!.status !== 200)!.token, 200)).status).toBe(200);
  }, 60_000);

  it('holds the unit of a gateway checkout, and gives it back when the payer cancels', async () => {
    const planId = await freshPlan();
    const sale = await runningSale(planId, { quantity: 1 });
    const [holder, other] = await fundedAccounts(2, 100, 'gwsale');
    const started = await callApi<{ data: { id: string } }>('/user/request_webview', {
      token: holder!.token,
      form: { plan_id: planId, saccount_type: 'UID Free Fire', saccount_id: uniquePlayerId(), amount: 60 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await soldOf(sale.sale_id)).toBe(1);
    expect((await order(other!.token, planId, 60)).status).toBe(409);
    expect(
      (await callApi('/user/cancel_payment', { token: holder!.token, form: { kind: 'order', id: started.body.data.id } })).status,
    ).toBe(200);
    expect(await soldOf(sale.sale_id)).toBe(0);
    expect((await order(other!.token, planId, 60)).status).toBe(200);
  });

  it('refuses a sale at or below cost without the operator’s acknowledgement; with it, sells and never pauses the plan', async () => {
    const planId = await freshPlan({ delivery: 'supplier', supplier_sku: 'FF100', cost: 70 });
    const refused = await createSale({ plan_id: planId, price: 70, starts_at: dhakaIn(-60_000).text, ends_at: dhakaIn(3_600_000).text });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/at or below what the item costs \(৳70\)/);
    expect((await createSale({ plan_id: planId, price: 100, starts_at: dhakaIn(0).text, ends_at: dhakaIn(60_000).text })).status).toBe(400);
    await runningSale(planId, { price: 70, below_cost: 1 });
    const overlapping = await createSale({ plan_id: planId, price: 80, starts_at: dhakaIn(60_000).text, ends_at: dhakaIn(120_000).text });
    expect(overlapping.status).toBe(409);
    const buyer = await fundedAccount(100, 'cost');
    const bought = await order(buyer.token, planId, 70, deliveredPlayerId());
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await expectDeliveredWithoutPause(buyer.token, bought.body.data.order_id, planId);
  });

  it('refuses a code that takes a supplier plan to its cost unless acknowledged, and delivers without pausing the plan when it is', async () => {
    const planId = await freshPlan({ delivery: 'supplier', supplier_sku: 'FF100', cost: 70 });
    const token = await logInAdmin();
    const name = () => `COST${randomBytes(3).toString('hex').toUpperCase()}`;
    const scoped = await callApi<{ message: string }>('/admin/promo_codes', {
      method: 'POST',
      token,
      form: { code: name(), kind: 'fixed', value: 30, plan_ids: planId },
    });
    expect(scoped.status).toBe(400);
    expect(scoped.body.message).toMatch(/to or below what it costs \(৳70\)/);
    const everywhere = name();
    expect(
      (await callApi('/admin/promo_codes', { method: 'POST', token, form: { code: everywhere, kind: 'fixed', value: 30 } })).status,
    ).toBe(200);
    const refusedAtOrder = await quote(planId, everywhere);
    expect([refusedAtOrder.status, refusedAtOrder.body.message]).toEqual([400, 'This promo code is not valid for this item']);
    const acknowledged = name();
    const created = await callApi('/admin/promo_codes', {
      method: 'POST',
      token,
      form: { code: acknowledged, kind: 'fixed', value: 30, plan_ids: planId, below_cost: 1 },
    });
    expect(created.status).toBe(200);
    const buyer = await fundedAccount(100, 'costcode');
    const bought = await order(buyer.token, planId, 70, deliveredPlayerId(), acknowledged);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await expectDeliveredWithoutPause(buyer.token, bought.body.data.order_id, planId);
  });
});
