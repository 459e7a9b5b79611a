import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dhakaDay } from '../../../functions/contract/report-range';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { fundedAccount, fundedAccounts, sendWebhook } from '../../support/money';

/**
 * The review queue's linkage signals and the payer search of a theft report (docs/risk.md). This
 * file lowers the first-order hold to ৳20, so that each fresh account's first order is held and
 * shows in the queue, and puts the default back after.
 */

const defaults = { young_account_days: '3', first_order_hold_amount: '5000', review_within_minutes: '60' };
let admin = '';
beforeAll(async () => {
  admin = await logInAdmin();
  expect((await callApi('/admin/risk', { token: admin, form: { ...defaults, first_order_hold_amount: '20' } })).status).toBe(200);
});
afterAll(async () => {
  await callApi('/admin/risk', { token: admin, form: defaults });
});

const manualPlan = { plan_id: 'ff-25', price: 22 };

/** Pays on the stand-in gateway's page from the payer's number `payer`, and sends the gateway's webhook. */
async function payFrom(paymentUrl: string, payer: string): Promise<void> {
  const paid = await fetch(`${paymentUrl}/complete`, {
    method: 'POST',
    body: new URLSearchParams({ payment_method: 'bkash', sender_number: payer }),
    redirect: 'manual',
  });
  await sendWebhook(new URL(paid.headers.get('location')!).searchParams.get('invoice_id')!);
}

async function walletOrder(buyer: TestAccount, playerId: string, headers: Record<string, string> = {}) {
  const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
    token: buyer.token,
    headers,
    form: { plan_id: manualPlan.plan_id, saccount_type: 'UID Free Fire', saccount_id: playerId, paid_from_wallet: manualPlan.price },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.data.order_id;
}

type ReviewRow = {
  order: { order_id: string; hold: { reasons: { kind: string; text: string }[] } };
  flags: string[];
  account: { orders: number };
};
const flagsOf = async (orderId: string) => {
  const queue = await callApi<{ data: { items: ReviewRow[] } }>('/admin/holds?limit=100', { method: 'GET', token: admin });
  return queue.body.data.items.find((item) => item.order.order_id === orderId);
};

describe('the review queue', () => {
  it('shows the seeded demo pattern flagged: three new accounts on one device topping up one player ID, held by a theft report', async () => {
    const queue = await callApi<{ data: { items: (ReviewRow & { account: { name: string } })[] } }>('/admin/holds?limit=100', {
      method: 'GET',
      token: admin,
    });
    const demo = queue.body.data.items.filter((item) => item.account.name.startsWith('Demo buyer'));
    expect(demo).toHaveLength(3);
    for (const item of demo) {
      expect(item.order.hold.reasons).toEqual([expect.objectContaining({ kind: 'payer-search' })]);
      expect(item.flags).toEqual(['This player ID is topped up by 3 accounts', '3 accounts have bought on one device']);
    }
  });

  it('flags one account feeding many player IDs, one player ID fed by many accounts, and many accounts on one device', async () => {
    const feeder = await fundedAccount(500, 'feeds-many');
    const first = await walletOrder(feeder, uniquePlayerId());
    for (let i = 0; i < 4; i += 1) await walletOrder(feeder, uniquePlayerId());
    expect(await flagsOf(first)).toMatchObject({ flags: ['This account has topped up 5 player IDs'], account: { orders: 5 } });
    // The account page carries the account's own flag.
    const account = await callApi<{ data: { flags: string[] } }>(`/admin/users/${feeder.code}`, { method: 'GET', token: admin });
    expect(account.body.data.flags).toEqual(['This account has topped up 5 player IDs']);

    const sharedPlayer = uniquePlayerId();
    const device = { 'x-device-id': randomUUID() };
    const buyers = await fundedAccounts(3, 100, 'shared-player');
    const orders = [];
    for (const buyer of buyers) orders.push(await walletOrder(buyer, sharedPlayer, device));
    const last = await flagsOf(orders.at(-1)!);
    expect(last?.flags).toEqual(['This player ID is topped up by 3 accounts', '3 accounts have bought on one device']);

    // The account page: one of the device's accounts carries the device's flag.
    const onDevice = await callApi<{ data: { flags: string[] } }>(`/admin/users/${buyers[0]!.code}`, { method: 'GET', token: admin });
    expect(onDevice.body.data.flags).toEqual(['3 accounts have bought on one device']);

    const loner = await fundedAccount(100, 'no-pattern');
    expect((await flagsOf(await walletOrder(loner, uniquePlayerId())))?.flags).toEqual([]);
  });
});

describe('payers of a player ID', () => {
  it('flags a player ID paid for from 3 payers’ numbers through the gateway', async () => {
    const playerId = uniquePlayerId();
    const buyers = await fundedAccounts(3, 0, 'many-payers');
    const orders: string[] = [];
    for (const [i, buyer] of buyers.entries()) {
      const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
        token: buyer.token,
        form: { plan_id: manualPlan.plan_id, saccount_type: 'UID Free Fire', saccount_id: playerId, amount: manualPlan.price },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await payFrom(started.body.data.payment_url, `0181${randomInt(1e6, 1e7)}${i}`);
      orders.push(started.body.data.id);
    }
    await expect
      .poll(async () => (await flagsOf(orders.at(-1)!))?.flags, { timeout: 10_000 })
      .toEqual(['This player ID is topped up by 3 accounts', "This player ID is paid for from 3 payers' numbers"]);
  });
});

describe('the payer search', () => {
  it('finds what a payer’s number paid for in a range, and holds the undelivered orders once', async () => {
    const payer = `017${randomInt(1e7, 1e8)}`;
    const pay = (paymentUrl: string) => payFrom(paymentUrl, payer);
    // A returning customer (an earlier order) buys unheld: the payer search is what holds it.
    const buyer = await fundedAccount(100, 'stolen-payer');
    await callApi(`/admin/orders/${await walletOrder(buyer, uniquePlayerId())}/release`, { token: admin, form: {} });
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: manualPlan.plan_id, saccount_type: 'UID Free Fire', saccount_id: uniquePlayerId(), amount: manualPlan.price },
    });
    await pay(started.body.data.payment_url);
    const topUp = await callApi<{ data: { payment_url: string; id: string } }>('/user/wallet_request_webview', {
      token: buyer.token,
      form: { amount: 150, txn_id: `${Date.now()}${randomInt(1e4)}` },
    });
    await pay(topUp.body.data.payment_url);

    const today = dhakaDay(Date.now());
    type History = {
      orders: { order_id: string; holdable: boolean; hold: { state: string } | null }[];
      top_ups: { request_id: string }[];
      held: number;
    };
    const found = await callApi<{ data: History }>(`/admin/payers?number=${encodeURIComponent(`+88${payer}`)}&from=${today}&to=${today}`, {
      method: 'GET',
      token: admin,
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.orders).toEqual([expect.objectContaining({ order_id: started.body.data.id, holdable: true, hold: null })]);
    expect(found.body.data.top_ups).toEqual([expect.objectContaining({ request_id: topUp.body.data.id })]);

    const hold = () =>
      callApi<{ data: History; message: string }>('/admin/payers/hold', {
        token: admin,
        form: { number: payer, from: today, to: today, reason: 'bKash owner reported theft' },
      });
    const [once, twice] = await Promise.all([hold(), hold()]);
    expect([once.body.data.held, twice.body.data.held].sort()).toEqual([0, 1]);
    const row = await flagsOf(started.body.data.id);
    expect(row?.order.hold.reasons).toEqual([expect.objectContaining({ kind: 'payer-search' })]);
    expect((await callApi(`/admin/orders/${started.body.data.id}/complete`, { token: admin, form: {} })).status).toBe(409);
    // Released, it goes back to the operators' queue (it was placed there first, with its alert), and may be completed.
    expect((await callApi(`/admin/orders/${started.body.data.id}/release`, { token: admin, form: {} })).status).toBe(200);
    expect((await callApi(`/admin/orders/${started.body.data.id}/complete`, { token: admin, form: {} })).status).toBe(200);
    // Another payer's number finds nothing.
    const other = await callApi<{ data: History }>(`/admin/payers?number=01999999999&from=${today}&to=${today}`, {
      method: 'GET',
      token: admin,
    });
    expect(other.body.data.orders).toEqual([]);
  });
});
