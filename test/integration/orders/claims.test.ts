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
    const raised = (await claim(buyer, orderId, { reason: 'wrong_player_id', player_id: '555666777' })).body.data;
    expect(raised.player_id).toBe('555666777');

    const queue = await callApi<{ data: { items: AdminClaimRow[] } }>('/admin/claims?status=open&limit=100', {
      method: 'GET',
      token: admin,
    });
    const row = queue.body.data.items.find((item) => item.claim_id === raised.claim_id);
    expect(row).toMatchObject({ user_id: buyer.code, status: 'open', order: expect.objectContaining({ order_id: orderId }) });
    expect(row!.age_minutes).toBeGreaterThanOrEqual(0);

    const reply = await callApi<{ data: ClaimRow; message: string }>(`/admin/claims/${raised.claim_id}/reply`, {
      token: admin,
      form: { message: 'We corrected it to 555666777 and sent it again.' },
    });
    expect([reply.status, reply.body.message]).toEqual([200, 'Answer sent']);
    expect((await orderPage(buyer, orderId)).claim?.thread.map((message) => message.from)).toEqual(['shopper', 'operator']);
    const notices = await callApi<{ data: { items: NotificationRow[] } }>('/user/notifications', { token: buyer.token, form: {} });
    expect(notices.body.data.items[0]).toMatchObject({ kind: 'claim_reply', body: 'We corrected it to 555666777 and sent it again.' });

    const closed = await callApi<{ data: ClaimRow }>(`/admin/claims/${raised.claim_id}/close`, { token: admin, form: {} });
    expect(closed.body.data).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    expect((await callApi(`/admin/claims/${raised.claim_id}/reply`, { token: admin, form: { message: 'late' } })).status).toBe(409);
    expect((await callApi(`/admin/claims/${raised.claim_id}/close`, { token: admin, form: {} })).status).toBe(409);
    const closedQueue = await callApi<{ data: { items: AdminClaimRow[] } }>('/admin/claims?status=closed', { method: 'GET', token: admin });
    expect(closedQueue.body.data.items.map((item) => item.claim_id)).toContain(raised.claim_id);
    // Closed, the order takes a new claim.
    expect((await claim(buyer, orderId, { reason: 'other', message: 'Still not right' })).status).toBe(200);
  });
});
