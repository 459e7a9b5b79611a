import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminClaimRow } from '../../../functions/contract/admin-wire';
import type { ClaimRow, EvidencePermit, NotificationRow, OrderDetail, RaisedClaim } from '../../../functions/contract/wire';
import type { TestAccount } from '../../support/accounts';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi, onePixelPng, postUpload } from '../../support/http';
import { alertOverdueClaims } from '../../../functions/orders/delivery-job';
import { codeHash } from '../../../functions/vouchers/inventory';
import { stockOf } from '../../../functions/vouchers/repo';
import { stockPlanWith, stockCodes } from '../../support/catalog';
import {
  balanceOf,
  checkoutNaming,
  expectLedgerMatchesBalance,
  fundedAccount,
  payForInvoice,
  sendWebhook,
  storedItem,
} from '../../support/money';

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
  callApi<{ data: RaisedClaim; message: string }>(`/user/order/${orderId}/claim`, { token: buyer.token, form });

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
    const raised = (await claim(buyer, orderId, { reason: 'not_received' })).body.data;
    expect(raised.thread).toEqual([expect.objectContaining({ message: 'Not received', image: '' })]);

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

/** Ten parallel reports of one order: the answers' statuses and the 200s' outcomes, sorted. */
async function tenReports(buyer: TestAccount, orderId: string, form: Record<string, string>) {
  const answers = await Promise.all(Array.from({ length: 10 }, () => claim(buyer, orderId, form)));
  return {
    answers,
    statuses: answers.map((answer) => answer.status).sort(),
    outcomes: answers.flatMap((answer) => (answer.status === 200 ? [answer.body.data.outcome] : [])).sort(),
  };
}

/** A wallet order of a stock plan, delivered with its code at once. */
async function stockOrder(buyer: TestAccount, planId: string) {
  const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
    token: buyer.token,
    form: { plan_id: planId, saccount_id: uniquePlayerId(), paid_from_wallet: 80 },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = await orderPage(buyer, placed.body.data.order_id);
  expect(order.delivery).toMatchObject({ mode: 'stock', state: 'delivered' });
  return order;
}

describe('claims settled by rule', () => {
  it('quarantines a code reported invalid and replaces it once under ten parallel reports; the quarantined code never sells again', async () => {
    const { planId, voucherId, codes } = await stockPlanWith(3);
    const buyer = await fundedAccount(80, 'bad-code');
    const order = await stockOrder(buyer, planId);
    const reported = order.delivery.code;

    const { answers, statuses, outcomes } = await tenReports(buyer, order.order_id, {
      reason: 'code_invalid',
      message: 'It says already used',
    });
    // One replacement; the one report after it stays open for a person (replaced once already); the rest meet it open.
    expect(outcomes).toEqual(['refused', 'replaced']);
    expect(statuses).toEqual([200, 200, ...Array(8).fill(409)]);
    const replaced = answers.find((answer) => answer.body.data?.outcome === 'replaced')!;
    expect([replaced.body.message, replaced.body.data.status]).toEqual(['Your code was replaced', 'closed']);
    const after = await orderPage(buyer, order.order_id);
    expect(after.delivery.code).not.toBe(reported);
    expect(codes).toContain(after.delivery.code);
    expect(await stockOf(voucherId)).toBe(1);
    expect(await storedItem(`VOUCHER#${voucherId}`, `QUARANTINE#${codeHash(reported)}`)).toMatchObject({ orderId: order.order_id });

    // Uploaded again, the code is refused as known; the last code in stock sells, never the quarantined one.
    expect((await stockCodes(voucherId, [reported])).added).toBe(0);
    const other = await fundedAccount(80, 'after-quarantine');
    const next = await stockOrder(other, planId);
    expect([reported, after.delivery.code]).not.toContain(next.delivery.code);
    expect(await stockOf(voucherId)).toBe(0);

    // The operator replaces again from the open report: none is left, so the order must be refunded instead.
    const open = answers.find((answer) => answer.body.data?.outcome === 'refused')!.body.data;
    const replaceAgain = await callApi<{ message: string }>(`/admin/claims/${open.claim_id}/replace_code`, { token: admin, form: {} });
    expect([replaceAgain.status, replaceAgain.body.message]).toEqual([
      409,
      'No code is left in stock to replace it: refund the order instead',
    ]);
    await stockCodes(voucherId, [`FRESH-${voucherId}`]);
    const replacedByHand = await callApi<{ data: ClaimRow }>(`/admin/claims/${open.claim_id}/replace_code`, { token: admin, form: {} });
    expect(replacedByHand.body.data.status).toBe('closed');
    expect((await orderPage(buyer, order.order_id)).delivery.code).toBe(`FRESH-${voucherId}`);
    expect(await storedItem(`VOUCHER#${voucherId}`, `QUARANTINE#${codeHash(after.delivery.code)}`)).toBeDefined();
  });

  it('refunds a code reported invalid to the wallet, once, when none is left to replace it', async () => {
    const { planId } = await stockPlanWith(1);
    const buyer = await fundedAccount(80, 'no-spare');
    const order = await stockOrder(buyer, planId);
    expect(await balanceOf(buyer.code)).toBe(0);
    const { outcomes, statuses } = await tenReports(buyer, order.order_id, { reason: 'code_invalid' });
    expect(outcomes).toEqual(['refunded', 'refused']);
    expect(statuses).toEqual([200, 200, ...Array(8).fill(409)]);
    expect(await balanceOf(buyer.code)).toBe(80);
    await expectLedgerMatchesBalance(buyer.code);
    expect((await orderPage(buyer, order.order_id)).status).toBe('2');
  });

  it('leaves codes to a person once an account has reported three invalid in 30 days, and flags the account', async () => {
    const { planId } = await stockPlanWith(8);
    const buyer = await fundedAccount(320, 'many-bad-codes');
    const orders = [];
    for (let n = 0; n < 4; n += 1) orders.push(await stockOrder(buyer, planId));
    for (const order of orders.slice(0, 3))
      expect((await claim(buyer, order.order_id, { reason: 'code_invalid' })).body.data.outcome).toBe('replaced');
    const fourth = (await claim(buyer, orders[3]!.order_id, { reason: 'code_invalid' })).body.data;
    expect([fourth.outcome, fourth.status, fourth.thread.at(-1)?.message]).toEqual([
      'refused',
      'open',
      'An operator will check this code and answer here.',
    ]);
    const user = await callApi<{ data: { flags: string[] } }>(`/admin/users/${buyer.code}`, { method: 'GET', token: admin });
    expect(user.body.data.flags).toContain('This account reported 4 codes invalid in 30 days');
  });

  it('credits a second payment for a paid order to the wallet once, under ten parallel reports', async () => {
    const buyer = await fundedAccount(0, 'paid-twice');
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: 'ff-25', saccount_id: uniquePlayerId(), amount: 22 },
    });
    await sendWebhook(await payForInvoice(started.body.data.payment_url));
    const orderId = started.body.data.id;
    // Nothing known yet: the report stays for a person.
    const early = await claim(buyer, orderId, { reason: 'paid_twice' });
    expect(early.body.data).toMatchObject({ outcome: 'refused', status: 'open' });
    await callApi(`/admin/claims/${early.body.data.claim_id}/close`, { token: admin, form: {} });

    const second = await payForInvoice(await checkoutNaming('order', buyer.code, orderId, 22));
    await Promise.all([sendWebhook(second), sendWebhook(second), sendWebhook(second)]);
    expect(await balanceOf(buyer.code)).toBe(0);
    const { outcomes } = await tenReports(buyer, orderId, { reason: 'paid_twice' });
    expect(outcomes).toEqual(['credited', 'refused']);
    expect(await balanceOf(buyer.code)).toBe(22);
    await expectLedgerMatchesBalance(buyer.code);
  });

  it('has a top-up the supplier still holds asked about at the delivery job’s next run', async () => {
    const buyer = await fundedAccount(100, 'not-received');
    const playerId = `${uniquePlayerId().slice(0, -1)}1`;
    await fetch(`${inject('stack').supplierUrl}/test/hold`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer_no: playerId }),
    });
    const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
      token: buyer.token,
      form: { plan_id: 'ff-100-instant', saccount_id: playerId, paid_from_wallet: 75 },
    });
    const orderId = placed.body.data.order_id;
    // Sent and held at the supplier (the wire shows a queued top-up as on its way too).
    const storedState = async () =>
      ((await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`))?.delivery as { state?: string } | undefined)?.state;
    await expect.poll(storedState, { timeout: 20_000, interval: 300 }).toBe('delivering');
    const asked = await claim(buyer, orderId, { reason: 'not_received' });
    expect([asked.body.message, asked.body.data.status, asked.body.data.outcome]).toEqual([
      'We asked the supplier about your top-up',
      'open',
      'asked',
    ]);
    const stored = await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`);
    expect(stored?.delivery).toMatchObject({ shopperAskedAt: asked.body.data.created_at });
  });
});

describe('operators acting on claims', () => {
  it('refunds a claim’s order to the wallet once under six parallel clicks, closing the claim', async () => {
    const buyer = await fundedAccount(100, 'refund-claim');
    const orderId = await placedOrder(buyer);
    const raised = (await claim(buyer, orderId, { reason: 'other', message: 'Please cancel' })).body.data;
    const clicks = await Promise.all(
      Array.from({ length: 6 }, () =>
        callApi<{ data: ClaimRow }>(`/admin/claims/${raised.claim_id}/refund`, { token: admin, form: { to: 'wallet' } }),
      ),
    );
    expect(clicks.map((click) => click.status).sort()).toEqual([200, ...Array(5).fill(409)]);
    expect(await balanceOf(buyer.code)).toBe(100);
    await expectLedgerMatchesBalance(buyer.code);
    const page = await orderPage(buyer, orderId);
    expect([page.status, page.claim?.status, page.claim?.thread.at(-1)?.from]).toEqual(['2', 'closed', 'shop']);
  });

  it('corrects a player ID by hand after the rule’s one correction, while the order waits', async () => {
    const buyer = await fundedAccount(100, 'second-correction');
    const orderId = await placedOrder(buyer);
    expect((await claim(buyer, orderId, { reason: 'wrong_player_id', player_id: '111222331' })).body.data.outcome).toBe('corrected');
    const again = (await claim(buyer, orderId, { reason: 'wrong_player_id', player_id: '111222341' })).body.data;
    expect(again.outcome).toBe('refused');
    const corrected = await callApi<{ data: ClaimRow; message: string }>(`/admin/claims/${again.claim_id}/correct_player_id`, {
      token: admin,
      form: { player_id: '111222341' },
    });
    expect([corrected.status, corrected.body.message]).toEqual([200, 'Player ID corrected, and the report closed']);
    expect((await orderPage(buyer, orderId)).saccount_id).toBe('111222341');
  });
});

describe('claims waiting too long', () => {
  it('marks an open claim past the minutes promised and tells the operators once', async () => {
    const buyer = await fundedAccount(100, 'waiting');
    const orderId = await placedOrder(buyer);
    const raised = (await claim(buyer, orderId, { reason: 'not_received' })).body.data;
    const row = async () =>
      (
        await callApi<{ data: { items: AdminClaimRow[] } }>('/admin/claims?status=open&limit=100', { method: 'GET', token: admin })
      ).body.data.items.find((item) => item.claim_id === raised.claim_id);
    expect((await row())?.overdue).toBe(false);
    // The delivery job's check, two hours on (the default promise is 120 minutes), twice: one alert.
    const later = Date.now() + 121 * 60_000;
    expect(await alertOverdueClaims(later)).toBeGreaterThanOrEqual(1);
    await alertOverdueClaims(later);
    expect(await storedItem(`ALERT#claim-overdue#${raised.claim_id}`, 'ALERT')).toMatchObject({ kind: 'claim_opened' });
    expect(await alertOverdueClaims(later)).toBe(0);
  });
});

describe('screenshots', () => {
  it('takes a screenshot the shopper uploaded under their own prefix, which only an operator sees, and never the shop’s origin', async () => {
    const buyer = await fundedAccount(100, 'screenshot');
    const orderId = await placedOrder(buyer);
    const permit = await callApi<{ data: EvidencePermit }>('/user/uploads', {
      token: buyer.token,
      form: { content_type: 'image/png', size: onePixelPng.length },
    });
    expect(permit.status, JSON.stringify(permit.body)).toBe(200);
    expect(permit.body.data.image).toMatch(new RegExp(`^evidence/${buyer.code}/[a-z0-9]{16}\\.png$`));
    // The store checks the permit as S3 does: another type or another key is refused.
    const { fields } = permit.body.data;
    expect(
      (await postUpload({ ...permit.body.data, fields: { ...fields, key: `evidence/${buyer.code}/other.png` } }, onePixelPng, 'image/png'))
        .status,
    ).toBe(403);
    expect((await postUpload(permit.body.data, onePixelPng, 'image/png')).status).toBe(204);
    expect((await fetch(`${inject('stack').url}/${permit.body.data.image}`)).headers.get('content-type')).not.toBe('image/png');

    // Another shopper's screenshot cannot be named.
    const other = await fundedAccount(0, 'not-mine');
    const foreign = await claim(other, orderId, { reason: 'other', message: 'Mine', image: permit.body.data.image });
    expect(foreign.status).toBe(404);
    const raised = await claim(buyer, orderId, { reason: 'not_received', image: permit.body.data.image });
    expect(raised.body.data.thread[0]).toMatchObject({ image: permit.body.data.image });
    const seen = await callApi<{ data: { image: string } }>(`/admin/claims/${raised.body.data.claim_id}/image`, {
      method: 'GET',
      token: admin,
    });
    expect(seen.body.data.image).toBe(`data:image/png;base64,${onePixelPng.toString('base64')}`);
  });

  it('refuses a screenshot under another shopper’s prefix', async () => {
    const buyer = await fundedAccount(100, 'borrowed-shot');
    const orderId = await placedOrder(buyer);
    const refused = await claim(buyer, orderId, { reason: 'other', message: 'See this', image: 'evidence/SOMEONE/abcdefghij012345.png' });
    expect([refused.status, refused.body.message]).toEqual([400, 'The screenshot must be an uploaded picture']);
    expect((await orderPage(buyer, orderId)).claim).toBeNull();
  });
});
