import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../functions/contract/wire';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { fundedAccounts, payForInvoice, sendWebhook } from '../../support/money';

/**
 * Velocity rules (docs/risk.md): per identity and window, at most so many gateway checkouts or
 * taka; past a limit a checkout is refused, or its order held after payment. The counters are
 * added to in each checkout's own transaction on the condition that the limit holds, so 16
 * checkouts at once pass exactly as many as the rule allows. Each test removes its rules.
 */

const refusal = 'You have reached the limit of payments for now. Please try again later, or contact support.';
const plan = { plan_id: 'ff-25', price: 22 };
let admin = '';

interface RuleRow {
  id: string;
  text: string;
}
const addRule = async (rule: Record<string, string>) => {
  const added = await callApi<{ data: { rules: RuleRow[] } }>('/admin/risk/rules', { token: admin, form: rule });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body.data.rules;
};

beforeAll(async () => {
  admin = await logInAdmin();
});
afterEach(async () => {
  const { rules } = (await callApi<{ data: { rules: RuleRow[] } }>('/admin/risk', { method: 'GET', token: admin })).body.data;
  for (const rule of rules) await callApi('/admin/risk/rules/remove', { token: admin, form: { id: rule.id } });
});

const checkout = (buyer: TestAccount, playerId: string, headers: Record<string, string> = {}) =>
  callApi<{ data: { payment_url: string; id: string }; message: string }>('/user/request_webview', {
    token: buyer.token,
    headers,
    form: { plan_id: plan.plan_id, saccount_type: 'UID Free Fire', saccount_id: playerId, amount: plan.price },
  });

const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

describe('velocity rules', () => {
  it('refuses the 6th and later of 16 parallel checkouts for one player ID past a rule of 5 an hour, and not before', async () => {
    const rules = await addRule({ key: 'player', window: 'hour', max_count: '5', action: 'refuse' });
    expect(rules.map((rule) => rule.text)).toEqual(['more than 5 checkouts per player ID in an hour']);
    const buyers = await fundedAccounts(16, 0, 'velocity-player');
    const playerId = uniquePlayerId();
    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer, playerId)));
    expect(statuses(answers)).toEqual([...Array(5).fill(200), ...Array(11).fill(409)]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.message === refusal)).toBe(true);
    // Another player ID, from the same buyers, is counted apart.
    expect((await checkout(buyers[0]!, uniquePlayerId())).status).toBe(200);
  });

  it('holds after payment, rather than refuses, past a hold rule: 16 parallel checkouts on one device, 4 delivered as usual, 12 held', async () => {
    await addRule({ key: 'device', window: 'day', max_count: '4', action: 'hold' });
    const buyers = await fundedAccounts(16, 0, 'velocity-device');
    const device = { 'x-device-id': randomUUID() };
    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer, uniquePlayerId(), device)));
    expect(statuses(answers)).toEqual(Array(16).fill(200));
    await Promise.all(answers.map(async (answer) => sendWebhook(await payForInvoice(answer.body.data.payment_url))));
    const states = await Promise.all(
      answers.map(async (answer, i) => {
        const detail = await callApi<{ data: OrderDetail }>(`/user/order/${answer.body.data.id}`, { token: buyers[i]!.token, form: {} });
        return detail.body.data.delivery.state;
      }),
    );
    expect(states.filter((state) => state === 'checking')).toHaveLength(12);
    // Another device is counted apart.
    const other = await checkout(buyers[0]!, uniquePlayerId(), { 'x-device-id': randomUUID() });
    expect(other.status).toBe(200);
  });

  it('counts taka too: an account may start ৳50 of checkouts a day, a single one above it is refused outright', async () => {
    await addRule({ key: 'account', window: 'day', max_amount: '50', action: 'refuse' });
    const [buyer] = await fundedAccounts(1, 0, 'velocity-amount');
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await checkout(buyer!, uniquePlayerId()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 409]);
    const big = await callApi<{ message: string }>('/user/wallet_request_webview', {
      token: buyer!.token,
      form: { amount: 60, txn_id: `${Date.now()}${Math.floor(Math.random() * 10_000)}` },
    });
    expect([big.status, big.body.message]).toEqual([409, refusal]);
  });

  it('applies a young-accounts rule to young accounts, and refuses a rule without any limit', async () => {
    await addRule({ key: 'account', window: 'hour', max_count: '1', action: 'refuse', young_only: '1' });
    const [buyer] = await fundedAccounts(1, 0, 'velocity-young');
    expect((await checkout(buyer!, uniquePlayerId())).status).toBe(200);
    expect((await checkout(buyer!, uniquePlayerId())).status).toBe(409);
    const empty = await callApi<{ message: string }>('/admin/risk/rules', {
      token: admin,
      form: { key: 'account', window: 'hour', action: 'refuse' },
    });
    expect([empty.status, empty.body.message]).toEqual([400, 'Set a number of checkouts, an amount, or both']);
  });
});
