import { createHmac, randomInt } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminSalesReport } from '../../../functions/contract/admin-wire';
import { dhakaDay } from '../../../functions/contract/report-range';
import type { ClaimRow, OrderDetail, RaisedClaim } from '../../../functions/contract/wire';
import { advanceDeliveries } from '../../../functions/orders/delivery-job';
import { handler as sumReportEvents } from '../../../functions/reports/jobs/sum-report-events';
import { db, tableName } from '../../../functions/shared/db';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin, placeUidOrder, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { lambdaContext } from '../../support/lambda-event';
import { fundedAccount, storedItem } from '../../support/money';

/**
 * The reports' supplier and claim figures (issue 42, decision 0023): a supplier's delivery settled
 * or left unknown, a claim opened and settled (by the shop's rule or an operator), an order held
 * and released, each writes its report event in the transaction of the change, once, and the
 * stream's consumer sums it into the day once, however often the stream hands it over.
 */

const today = () => dhakaDay(Date.now());
const supplierName = 'digiflazz';
/** The seeded Free Fire plan delivered through the supplier (scripts/local/seed.ts). */
const supplierPlan = { plan_id: 'ff-100-instant', price: 75 };

let admin = '';
beforeAll(async () => {
  admin = await logInAdmin();
  // The figures of the day are shared by every file: wait (a consumer's lag at a time) for the ones before this file to be summed.
  let last = JSON.stringify(await figures());
  for (let wait = 0; wait < 6; wait += 1) {
    await new Promise((done) => setTimeout(done, 6_000));
    const now = JSON.stringify(await figures());
    if (now === last) return;
    last = now;
  }
});

const supplierUrl = () => inject('stack').supplierUrl;
const setSupplier = (path: 'hold' | 'resolve', body: Record<string, unknown>) =>
  fetch(`${supplierUrl()}/test/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The day's supplier and claim figures as the console reads them, with the seconds' sums as stored (the wire shows their means). */
async function figures() {
  const report = (
    await callApi<{ data: AdminSalesReport }>(`/admin/reports/sales?from=${today()}&to=${today()}`, { method: 'GET', token: admin })
  ).body.data;
  const supplier = report.suppliers.find((row) => row.supplier === supplierName);
  const [supplierItem, claimsItem] = await Promise.all([
    storedItem('REPORTS', `${today()}#SUPPLIER#${supplierName}`),
    storedItem('REPORTS', `${today()}#CLAIMS`),
  ]);
  return {
    deliveries: supplier?.deliveries ?? 0,
    failures: supplier?.failures ?? 0,
    unknowns: supplier?.unknowns ?? 0,
    deliveredSeconds: Number(supplierItem?.deliveredSeconds ?? 0),
    opened: report.claims.opened,
    settledByRule: report.claims.settled_by_rule,
    settledByHand: report.claims.settled_by_hand,
    resolveSeconds: Number(claimsItem?.resolveSeconds ?? 0),
    held: report.claims.held,
    released: report.claims.released,
  };
}
type Figures = Awaited<ReturnType<typeof figures>>;

const zero: Figures = {
  deliveries: 0,
  failures: 0,
  unknowns: 0,
  deliveredSeconds: 0,
  opened: 0,
  settledByRule: 0,
  settledByHand: 0,
  resolveSeconds: 0,
  held: 0,
  released: 0,
};

/** Waits until the day's figures have moved from `before` by exactly `moved` (every other figure unmoved). */
async function figuresMoveBy(before: Figures, moved: Partial<Figures>) {
  const expected = { ...zero, ...moved };
  await expect
    .poll(
      async () => {
        const now = await figures();
        return Object.fromEntries(Object.entries(now).map(([name, value]) => [name, value - before[name as keyof Figures]]));
      },
      { timeout: 20_000, interval: 400 },
    )
    .toEqual(expected);
}

/** The report events of an order as stored: their sort keys (kind and id). */
async function eventItems(orderId: string) {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `REPORTEVENT#${orderId}` },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** The stream hands every event of these orders over again, twice at once: the day's figures stay as they are. */
async function replayTwiceAtOnce(orderIds: string[]) {
  const settled = await figures();
  const items = (await Promise.all(orderIds.map(eventItems))).flat();
  const records: DynamoDBStreamEvent['Records'] = items.map((item, index) => {
    const { appliedAt: _applied, ...inserted } = item;
    return { eventName: 'INSERT', dynamodb: { NewImage: marshall(inserted) as never, SequenceNumber: String(index) } };
  });
  const answers = await Promise.all([
    sumReportEvents({ Records: records }, lambdaContext),
    sumReportEvents({ Records: records }, lambdaContext),
  ]);
  expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
  expect(await figures()).toEqual(settled);
}

/** Whole seconds between two times, as the events count them. */
const secondsBetween = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

// ---- Supplier deliveries ----

/** A Free Fire player ID no other test uses, ending in `digit`: the fake supplier's behaviour (contract: Delivery). */
const playerEndingIn = (digit: number) => `${randomInt(1e8, 1e9)}${digit}`;

const orderOf = async (buyer: TestAccount, orderId: string) =>
  (await callApi<{ data: OrderDetail }>(`/user/order/${orderId}`, { token: buyer.token, method: 'POST' })).body.data;

async function walletSupplierOrder(buyer: TestAccount, playerId: string): Promise<string> {
  const response = await callApi<{ data: OrderDetail }>('/user/request/', {
    token: buyer.token,
    form: { plan_id: supplierPlan.plan_id, saccount_id: playerId, paid_from_wallet: supplierPlan.price },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.order_id;
}

const deliveryOnceIn = (buyer: TestAccount, orderId: string, state: OrderDetail['delivery']['state']) =>
  expect.poll(async () => (await orderOf(buyer, orderId)).delivery.state, { timeout: 25_000, interval: 300 }).toBe(state);

const sentToSupplier = (orderId: string) =>
  expect
    .poll(
      async () => {
        const transactions = (await (await fetch(`${supplierUrl()}/test/transactions`)).json()) as { ref_id: string }[];
        return transactions.some((transaction) => transaction.ref_id === orderId);
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe(true);

/** A callback as the supplier signs it (HMAC-SHA1 of the body with the webhook secret). */
function supplierCallback(orderId: string, playerId: string, status: 'Sukses' | 'Gagal') {
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
  const secret = inject('stack').supplierCredentials.webhookSecret;
  return callApi('/supplier/digiflazz/webhook', {
    raw: { body, contentType: 'application/json' },
    headers: { 'x-hub-signature': `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`, 'x-digiflazz-event': 'update' },
  });
}

const inquiries = () => advanceDeliveries({ batchSize: 5, timeForAnotherBatch: () => true, now: Date.now() + 3_600_000 });

describe("a supplier's figures", () => {
  it('counts a delivery settled under parallel callbacks and inquiries once, with its seconds from paid to delivered', async () => {
    const buyer = await fundedAccount(100, 'figures-delivered');
    const playerId = playerEndingIn(1);
    await setSupplier('hold', { customer_no: playerId });
    const before = await figures();
    const orderId = await walletSupplierOrder(buyer, playerId);
    await sentToSupplier(orderId);
    await Promise.all([
      setSupplier('resolve', { ref_id: orderId, status: 'Sukses' }),
      ...Array.from({ length: 4 }, () => supplierCallback(orderId, playerId, 'Sukses')),
      inquiries(),
      inquiries(),
    ]);
    await deliveryOnceIn(buyer, orderId, 'delivered');
    const stored = await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`);
    await figuresMoveBy(before, { deliveries: 1, deliveredSeconds: secondsBetween(stored!.paidAt, stored!.delivery.deliveredAt) });
    expect((await eventItems(orderId)).map((item) => item.sk).filter((sk) => sk.startsWith('delivery#'))).toEqual(['delivery#delivered']);
    await replayTwiceAtOnce([orderId]);
  });

  it('counts a failed delivery once however many callbacks and inquiries follow', async () => {
    const buyer = await fundedAccount(100, 'figures-failed');
    const playerId = playerEndingIn(8);
    const before = await figures();
    const orderId = await walletSupplierOrder(buyer, playerId);
    await deliveryOnceIn(buyer, orderId, 'failed');
    await Promise.all([...Array.from({ length: 4 }, () => supplierCallback(orderId, playerId, 'Gagal')), inquiries(), inquiries()]);
    await figuresMoveBy(before, { failures: 1 });
  });

  it('counts a lost answer as one unknown, and the delivery the inquiries then find as one delivery', async () => {
    const buyer = await fundedAccount(100, 'figures-unknown');
    const before = await figures();
    const orderId = await walletSupplierOrder(buyer, playerEndingIn(7));
    await deliveryOnceIn(buyer, orderId, 'unknown');
    await Promise.all([inquiries(), inquiries(), inquiries()]);
    await deliveryOnceIn(buyer, orderId, 'delivered');
    const stored = await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`);
    await figuresMoveBy(before, {
      unknowns: 1,
      deliveries: 1,
      deliveredSeconds: secondsBetween(stored!.paidAt, stored!.delivery.deliveredAt),
    });
  });
});

// ---- Claims and holds ----

const raise = (buyer: TestAccount, orderId: string, form: Record<string, string>) =>
  callApi<{ data: RaisedClaim }>(`/user/order/${orderId}/claim`, { token: buyer.token, form });

describe('the claims’ figures', () => {
  it('counts a claim opened and closed by an operator under parallel clicks once each, with the seconds it was open', async () => {
    const buyer = await fundedAccount(100, 'figures-claim-hand');
    const orderId = await placeUidOrder(buyer, uniquePlayerId());
    const before = await figures();
    const raised = await raise(buyer, orderId, { reason: 'other', message: 'The diamonds look wrong' });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const claimId = raised.body.data.claim_id;
    await new Promise((done) => setTimeout(done, 1_200));
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => callApi<{ data: ClaimRow }>(`/admin/claims/${claimId}/close`, { token: admin, form: {} })),
    );
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const closed = clicks.find((click) => click.status === 200)!.body.data;
    const seconds = secondsBetween(closed.created_at, closed.closed_at!);
    expect(seconds).toBeGreaterThanOrEqual(1);
    await figuresMoveBy(before, { opened: 1, settledByHand: 1, resolveSeconds: seconds });
    expect((await eventItems(orderId)).map((item) => item.sk).filter((sk) => sk.startsWith('claim#'))).toEqual([
      `claim#opened#${claimId}`,
      `claim#settled#${claimId}`,
    ]);
    await replayTwiceAtOnce([orderId]);
  });

  it('counts a claim the shop’s rule settles at once (a player ID corrected) as opened and settled by rule', async () => {
    const buyer = await fundedAccount(100, 'figures-claim-rule');
    const orderId = await placeUidOrder(buyer, uniquePlayerId());
    const before = await figures();
    const corrected = await raise(buyer, orderId, { reason: 'wrong_player_id', player_id: uniquePlayerId() });
    expect(corrected.body.data).toMatchObject({ outcome: 'corrected', status: 'closed' });
    await figuresMoveBy(before, { opened: 1, settledByRule: 1 });
  });
});

describe('the holds’ figures', () => {
  const riskDefaults = { young_account_days: '3', first_order_hold_amount: '5000', review_within_minutes: '60' };
  afterEach(async () => {
    await callApi('/admin/risk', { token: admin, form: riskDefaults });
  });

  it('counts an order held and released under parallel clicks as one hold and one release', async () => {
    // A young account's first order of ৳20 or more is held while this lasts.
    const saved = await callApi('/admin/risk', { token: admin, form: { ...riskDefaults, first_order_hold_amount: '20' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const buyer = await fundedAccount(100, 'figures-held');
    const before = await figures();
    const orderId = await placeUidOrder(buyer, uniquePlayerId());
    await callApi('/admin/risk', { token: admin, form: riskDefaults });
    expect((await orderOf(buyer, orderId)).delivery.state).toBe('checking');
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => callApi(`/admin/orders/${orderId}/release`, { token: admin, form: {} })),
    );
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409, 409, 409, 409]);
    await figuresMoveBy(before, { held: 1, released: 1 });
    await replayTwiceAtOnce([orderId]);
  });
});
