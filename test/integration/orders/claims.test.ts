import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminClaimRow } from '../../../functions/contract/admin-wire';
import type { ClaimRow, NotificationRow, OrderDetail } from '../../../functions/contract/wire';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { fundedAccount, storedItem } from '../../support/money';

/**
 * "Report a problem" (docs/shop/README.md): a shopper raises a claim on their own order, one open
 * at a time; operators answer in its thread and close it; the shopper reads the thread on the
 * order page and is told of each answer.
 */

let admin = '';
beforeAll(async () => {
  admin = await logInAdmin();
});

async function placedOrder(buyer: TestAccount): Promise<string> {
  const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
    token: buyer.token,
    form: { plan_id: 'ff-25', saccount_type: 'UID Free Fire', saccount_id: uniquePlayerId(), paid_from_wallet: 22 },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.data.order_id;
}

const claim = (buyer: TestAccount, orderId: string, form: Record<string, string>) =>
  callApi<{ data: ClaimRow & { outcome: string }; message: string }>(`/user/order/${orderId}/claim`, { token: buyer.token, form });

const orderPage = async (buyer: TestAccount, orderId: string) =>
  (await callApi<{ data: OrderDetail }>(`/user/order/${orderId}`, { token: buyer.token, form: {} })).body.data;

describe('claims', () => {
  it('takes one open claim per order under ten parallel requests, on the shopper’s own order only', async () => {
    const buyer = await fundedAccount(100, 'claimer');
    const orderId = await placedOrder(buyer);
    expect((await orderPage(buyer, orderId)).claim).toBeNull();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => claim(buyer, orderId, { reason: 'not_received', message: 'Nothing arrived after an hour' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const raised = answers.find((answer) => answer.status === 200)!.body.data;
    expect(raised).toMatchObject({ order_id: orderId, status: 'open', reason: 'not_received', outcome: 'waiting' });
    expect(raised.thread).toEqual([expect.objectContaining({ from: 'shopper', message: 'Nothing arrived after an hour' })]);
    expect((await orderPage(buyer, orderId)).claim).toMatchObject({ claim_id: raised.claim_id, status: 'open' });
    expect(await storedItem(`ALERT#claim-opened#${raised.claim_id}`, 'ALERT')).toBeDefined();

    const stranger = await fundedAccount(0, 'not-the-owner');
    expect((await claim(stranger, orderId, { reason: 'other', message: 'mine?' })).status).toBe(404);
    const wrongId = await claim(buyer, orderId, { reason: 'wrong_player_id' });
    expect([wrongId.status, wrongId.body.message]).toEqual([400, 'Enter the right player ID']);
  });

  it('lets operators answer and close from the queue; the shopper reads the thread and is told; a closed claim takes no answer', async () => {
    const buyer = await fundedAccount(100, 'answered');
    const orderId = await placedOrder(buyer);
    const raised = (await claim(buyer, orderId, { reason: 'not_received', image: '/uploads/screenshot.png' })).body.data;
    expect(raised.thread).toEqual([expect.objectContaining({ message: 'Not received', image: '/uploads/screenshot.png' })]);

    const queue = await callApi<{ data: { items: AdminClaimRow[] } }>('/admin/claims?status=open&limit=100', {
      method: 'GET',
      token: admin,
    });
    const row = queue.body.data.items.find((item) => item.claim_id === raised.claim_id);
    expect(row).toMatchObject({ user_id: buyer.code, status: 'open', order: expect.objectContaining({ order_id: orderId }) });
    expect(row!.age_minutes).toBeGreaterThanOrEqual(0);

    const reply = await callApi<{ data: ClaimRow; message: string }>(`/admin/claims/${raised.claim_id}/reply`, {
      token: admin,
      form: { message: 'We sent it again: please check your game.' },
    });
    expect([reply.status, reply.body.message]).toEqual([200, 'Answer sent']);
    expect((await orderPage(buyer, orderId)).claim?.thread.map((message) => message.from)).toEqual(['shopper', 'operator']);
    const notices = await callApi<{ data: { items: NotificationRow[] } }>('/user/notifications', { token: buyer.token, form: {} });
    expect(notices.body.data.items[0]).toMatchObject({ kind: 'claim_reply', body: 'We sent it again: please check your game.' });

    const closed = await callApi<{ data: ClaimRow }>(`/admin/claims/${raised.claim_id}/close`, { token: admin, form: {} });
    expect(closed.body.data).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    expect((await callApi(`/admin/claims/${raised.claim_id}/reply`, { token: admin, form: { message: 'late' } })).status).toBe(409);
    expect((await callApi(`/admin/claims/${raised.claim_id}/close`, { token: admin, form: {} })).status).toBe(409);
    const closedQueue = await callApi<{ data: { items: AdminClaimRow[] } }>('/admin/claims?status=closed', { method: 'GET', token: admin });
    expect(closedQueue.body.data.items.map((item) => item.claim_id)).toContain(raised.claim_id);
    // Closed, the order takes a new claim.
    expect((await claim(buyer, orderId, { reason: 'other', message: 'Still not right' })).status).toBe(200);
  });

  it('corrects a wrong player ID at once, once, before the top-up goes: ten parallel reports, one correction', async () => {
    const buyer = await fundedAccount(100, 'wrong-id');
    const orderId = await placedOrder(buyer);
    const typed = Array.from({ length: 10 }, (_, i) => `9876543${i}1`);
    const answers = await Promise.all(typed.map((playerId) => claim(buyer, orderId, { reason: 'wrong_player_id', player_id: playerId })));
    const corrected = answers.filter((answer) => answer.status === 200 && answer.body.data.outcome === 'corrected');
    expect(corrected).toHaveLength(1);
    expect(corrected[0]!.body.message).toBe('Player ID corrected: your top-up goes there');
    expect(corrected[0]!.body.data).toMatchObject({
      status: 'closed',
      thread: [expect.anything(), expect.objectContaining({ from: 'shop' })],
    });
    // The others: one more report, kept open for a person (corrected once already), and the rest 409 while it is open.
    expect(answers.filter((answer) => answer.status === 200 && answer.body.data.outcome === 'refused')).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(8);
    expect((await orderPage(buyer, orderId)).saccount_id).toBe(corrected[0]!.body.data.player_id);

    // A player ID the plan's form would refuse is refused here too, and nothing is written.
    const other = await placedOrder(buyer);
    expect((await claim(buyer, other, { reason: 'wrong_player_id', player_id: '12' })).status).toBe(400);
    expect((await orderPage(buyer, other)).claim).toBeNull();
  });

  it('refuses to correct a player ID once the top-up has gone to the supplier, and keeps the report for a person', async () => {
    const buyer = await fundedAccount(100, 'too-late');
    const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
      token: buyer.token,
      form: { plan_id: 'ff-100-instant', saccount_id: `${uniquePlayerId().slice(0, -1)}1`, paid_from_wallet: 75 },
    });
    const orderId = placed.body.data.order_id;
    await expect.poll(async () => (await orderPage(buyer, orderId)).status, { timeout: 20_000, interval: 300 }).toBe('1');
    const late = await claim(buyer, orderId, { reason: 'wrong_player_id', player_id: '123456789' });
    expect(late.body.data).toMatchObject({ outcome: 'refused', status: 'open' });
    expect(late.body.data.thread.at(-1)?.message).toContain('already gone');
    expect((await orderPage(buyer, orderId)).saccount_id).not.toBe('123456789');
  });
});
