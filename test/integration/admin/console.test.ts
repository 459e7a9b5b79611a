import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../../../functions/routes';
import { type TestAccount, registerAndLogIn } from '../../support/accounts';
import { type ApiResponse, callApi } from '../../support/http';
import {
  balanceOf,
  expectLedgerMatchesBalance,
  freshVoucher,
  fundedAccount,
  leavePending,
  merchantPanel,
  payInvoice,
  startTopUp,
  storedItem,
} from '../../support/money';
import { projectRoot, stackLog } from '../../support/spawn-stack';

const run = promisify(execFile);

let adminToken = '';
beforeAll(async () => {
  const { admin } = inject('stack').logins;
  const login = await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email: admin.email, password: admin.password } });
  adminToken = login.body.data.authToken;
});

type Json = Record<string, any>;
const asAdmin = <T = Json>(path: string, options: { form?: Record<string, string | number>; method?: string } = {}) =>
  callApi<{ data: T }>(path, { ...options, token: adminToken, method: options.method ?? (options.form ? 'POST' : 'GET') }) as Promise<
    ApiResponse<{ data: T }>
  >;

/** A wallet order of the 25-diamond plan (৳22) by player ID; answers its id. */
async function placeUidOrder(buyer: TestAccount, playerId = '123456789'): Promise<string> {
  const response = await callApi<{ data: { order_id: string } }>('/user/request/', {
    token: buyer.token,
    form: { plan_id: 'ff-25', saccount_id: playerId, paid_from_wallet: 22 },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.order_id;
}

/** A wallet order of an ID-password plan (৳350) with a game-account password. */
async function placeLoginOrder(buyer: TestAccount, password: string): Promise<string> {
  const response = await callApi<{ data: { order_id: string } }>('/user/request/', {
    token: buyer.token,
    form: {
      plan_id: 'ffa-520',
      saccount_type: 'FB',
      saccount_id: 'gamer@example.com',
      saccount_password: password,
      backup_code: '8812',
      paid_from_wallet: 350,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.order_id;
}

const shopperOrders = async (buyer: TestAccount) =>
  (
    await callApi<{ data: { order_id: string; status: string; remark: string }[] }>('/user/get_request_list', {
      token: buyer.token,
      form: {},
    })
  ).body.data;

const auditFor = async (target: string) =>
  (
    await asAdmin<{ items: { action: string; target: string; detail: string; actor_id: string }[] }>('/admin/audit?limit=100')
  ).body.data.items.filter((entry) => entry.target === target);

describe('admin access', () => {
  it('answers every admin route with 401 to a visitor and 403 to a shopper', async () => {
    const shopper = await registerAndLogIn('nosy');
    const adminRows = routes.filter((route) => route.access === 'admin');
    expect(adminRows.length).toBeGreaterThanOrEqual(12);
    for (const route of adminRows) {
      const path = route.path.replace('{id}', '0KQ3ZD7M2X');
      const form = route.method === 'POST' ? { remark: 'x', amount: 5, reason: 'x' } : undefined;
      const visitor = await callApi(path, { method: route.method, form });
      expect(visitor.status, `${route.method} ${path} as a visitor`).toBe(401);
      const forbidden = await callApi(path, { method: route.method, form, token: shopper.token });
      expect(forbidden.status, `${route.method} ${path} as a shopper`).toBe(403);
      expect(forbidden.body).toEqual({ status: 0, message: 'Forbidden' });
    }
    // Every admin function starts here for the first time (one worker each): more than a test's usual 30 s on 2 cores.
  }, 120_000);

  it('takes a grant and a revoke through the admin command on the next request, without a new token', async () => {
    const operator = await registerAndLogIn('newop');
    expect((await callApi('/admin/dashboard', { token: operator.token })).status).toBe(403);
    const { dynamoDbEndpoint, tableName } = inject('stack');
    const command = (verb: string) =>
      // A clean environment, as an operator's shell has: none of the functions' configuration.
      run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', verb, operator.email], {
        cwd: projectRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, AWS_ENDPOINT_URL_DYNAMODB: dynamoDbEndpoint, TABLE_NAME: tableName },
      });

    const granted = await command('grant');
    expect(granted.stdout).toContain(`${operator.email} (user ${operator.code}) is now an operator`);
    expect((await callApi('/admin/dashboard', { token: operator.token })).status).toBe(200);
    await command('revoke');
    expect((await callApi('/admin/dashboard', { token: operator.token })).status).toBe(403);
    expect((await auditFor(operator.code)).map((entry) => entry.action).sort()).toEqual(['user.grant-admin', 'user.revoke-admin']);
    await expect(command('promote')).rejects.toMatchObject({ code: 2 });
  });
});

describe('orders queue', () => {
  it('lists pending orders oldest first, a page at a time, and finds an order by its id alone', async () => {
    const buyer = await fundedAccount(100, 'queue');
    const first = await placeUidOrder(buyer, '1000001');
    const second = await placeUidOrder(buyer, '1000002');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse<{ data: { items: { order_id: string; game: string; game_icon: string }[]; next_cursor: string | null } }> =
        await asAdmin(`/admin/orders?status=0&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.items.map((item) => item.order_id));
      // Each card names its game with the game's icon: Free Fire and Mobile Legends both sell diamonds.
      const mine = page.body.data.items.find((item) => item.order_id === first);
      if (mine) expect(mine).toMatchObject({ game: 'Free Fire', game_icon: expect.stringContaining('free-fire') });
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(seen.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(first)).toBeLessThan(seen.indexOf(second));

    const detail = await asAdmin(`/admin/orders/${second}`);
    expect(detail.body.data).toMatchObject({
      order_id: second,
      user_id: buyer.code,
      status: '0',
      paid_amount: 22,
      paid_by: 'wallet',
      account: { type: 'uid', player_id: '1000002' },
      game: 'Free Fire',
      game_icon: expect.stringContaining('free-fire'),
    });
    expect((await asAdmin('/admin/orders/0KQ3ZD7M2X')).status).toBe(404);
    expect((await asAdmin('/admin/orders?status=7')).status).toBe(400);
    expect((await asAdmin('/admin/orders?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });

  it('completes an order once with a remark the shopper sees, and refuses a second completion', async () => {
    const buyer = await fundedAccount(100, 'complete');
    const orderId = await placeUidOrder(buyer);
    const done = await asAdmin(`/admin/orders/${orderId}/complete`, { form: { remark: 'Delivered 25 diamonds' } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: '1', remark: 'Delivered 25 diamonds' });
    expect((await shopperOrders(buyer)).find((order) => order.order_id === orderId)).toMatchObject({
      status: '1',
      remark: 'Delivered 25 diamonds',
    });

    const again = await asAdmin(`/admin/orders/${orderId}/complete`, { form: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Order is already completed');
    expect((await auditFor(orderId)).map((entry) => entry.action)).toEqual(['order.complete']);
  });

  it('refunds ten parallel clicks exactly once: one 200, nine 409, one credit', async () => {
    const buyer = await fundedAccount(22, 'refund10');
    const orderId = await placeUidOrder(buyer);
    expect(await balanceOf(buyer.code)).toBe(0);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => asAdmin(`/admin/orders/${orderId}/refund`, { form: { remark: 'Player ID not found' } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toBe('Order is already refunded');
    expect(await balanceOf(buyer.code)).toBe(22);
    await expectLedgerMatchesBalance(buyer.code);
    const detail = await asAdmin<{ ledger: { reason: string; reference: string; delta: number }[] }>(`/admin/users/${buyer.code}`);
    expect(detail.body.data.ledger[0]).toMatchObject({ reason: 'refund', reference: orderId, delta: 22 });
    expect((await auditFor(orderId)).map((entry) => entry.action)).toEqual(['order.refund']);
  });

  it('refunds a completed order, refuses to complete a refunded one, and wants a remark to refund', async () => {
    const buyer = await fundedAccount(44, 'afterdone');
    const orderId = await placeUidOrder(buyer);
    expect((await asAdmin(`/admin/orders/${orderId}/refund`, { form: {} })).status).toBe(400);
    expect((await asAdmin(`/admin/orders/${orderId}/complete`, { form: {} })).status).toBe(200);
    const refund = await asAdmin(`/admin/orders/${orderId}/refund`, { form: { remark: 'Could not deliver after all' } });
    expect(refund.status).toBe(200);
    expect(refund.body.data).toMatchObject({ status: '2', remark: 'Could not deliver after all' });
    const complete = await asAdmin(`/admin/orders/${orderId}/complete`, { form: {} });
    expect(complete.status).toBe(409);
    expect(complete.body.message).toBe('Order is already refunded');
    expect(await balanceOf(buyer.code)).toBe(44);
    await expectLedgerMatchesBalance(buyer.code);
    expect((await shopperOrders(buyer)).find((order) => order.order_id === orderId)).toMatchObject({ status: '2' });
  });

  it('reveals a game-account password to an admin only, audited, and nowhere else', async () => {
    const secret = `Pw-${Date.now()}-secret`;
    const buyer = await fundedAccount(350, 'reveal');
    const orderId = await placeLoginOrder(buyer, secret);

    const detail = await asAdmin(`/admin/orders/${orderId}`);
    expect(detail.body.data.account).toEqual({ type: 'login', account_type: 'FB', email_or_phone: 'gamer@example.com', has_secret: true });
    expect((await callApi(`/admin/orders/${orderId}/reveal`, { method: 'POST', token: buyer.token })).status).toBe(403);
    const revealed = await asAdmin(`/admin/orders/${orderId}/reveal`, { form: {} });
    expect(revealed.body.data).toEqual({ password: secret, backup_code: '8812', code: '' });

    const uidOrder = await placeUidOrder(await fundedAccount(22, 'nosecret'));
    expect((await asAdmin(`/admin/orders/${uidOrder}/reveal`, { form: {} })).status).toBe(409);

    const entries = await auditFor(orderId);
    expect(entries.map((entry) => entry.action)).toEqual(['order.reveal']);
    const everythingElse = [
      detail,
      await asAdmin('/admin/orders?status=0&limit=100'),
      await asAdmin('/admin/audit?limit=100'),
      await asAdmin(`/admin/users/${buyer.code}`),
      await callApi('/user/get_request_list', { token: buyer.token, form: {} }),
    ];
    for (const answer of everythingElse) expect(JSON.stringify(answer.body)).not.toContain(secret);
    expect(stackLog('integration')).toContain(`/api/admin/orders/${orderId}/reveal`);
    expect(stackLog('integration')).not.toContain(secret);
  });

  it.each(['complete', 'refund'] as const)(
    'deletes the game-account password in the same step as the %s, and then refuses to reveal it',
    async (move) => {
      const secret = `Pw-${Date.now()}-${move}`;
      const buyer = await fundedAccount(350, `gone-${move}`);
      const orderId = await placeLoginOrder(buyer, secret);
      expect((await asAdmin(`/admin/orders/${orderId}/${move}`, { form: { remark: 'Done' } })).status).toBe(200);

      expect(await storedItem(`USER#${buyer.code}`, `ORDER#${orderId}`)).not.toHaveProperty('sealedSecret');
      expect((await asAdmin(`/admin/orders/${orderId}`)).body.data.account).toMatchObject({ has_secret: false });
      const reveal = await asAdmin(`/admin/orders/${orderId}/reveal`, { form: {} });
      expect(reveal.status).toBe(409);
      expect((reveal.body as unknown as { message: string }).message).toBe(
        'The game-account password is deleted once an order is completed or refunded',
      );
      expect(await auditFor(orderId)).not.toContainEqual(expect.objectContaining({ action: 'order.reveal' }));
    },
  );
});

describe('wallet requests', () => {
  it('lists top-ups by status and settles a pending payment approved later once with "verify now"', async () => {
    const payer = await registerAndLogIn('lostpay');
    const { paymentUrl, requestId } = await startTopUp(payer, 700);
    const invoiceId = await leavePending(paymentUrl);
    const pending = await asAdmin<{ items: { rq_id: string; user_id: string; invoice_id: string; status: string }[] }>(
      '/admin/wallet_requests?status=0&limit=100',
    );
    const request = pending.body.data.items.find((item) => item.rq_id === requestId)!;
    expect(request).toMatchObject({ user_id: payer.code, status: '0', invoice_id: '' });
    // No invoice id has come (the payer is on the gateway's pending page): verify now cannot ask.
    expect((await asAdmin(`/admin/wallet_requests/${request.rq_id}/verify`, { form: {} })).status).toBe(409);
    await merchantPanel(invoiceId, 'webhook');
    await merchantPanel(invoiceId, 'approve');

    const verified = await asAdmin(`/admin/wallet_requests/${request.rq_id}/verify`, { form: {} });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ status: '1' });
    const again = await asAdmin(`/admin/wallet_requests/${request.rq_id}/verify`, { form: {} });
    expect(again.body.data).toEqual({ status: '1' });
    expect(await balanceOf(payer.code)).toBe(700);
    await expectLedgerMatchesBalance(payer.code);

    const completed = await asAdmin<{ items: { rq_id: string }[] }>('/admin/wallet_requests?status=1&limit=100');
    expect(completed.body.data.items.map((item) => item.rq_id)).toContain(request.rq_id);
    expect((await auditFor(request.rq_id)).map((entry) => entry.action)).toEqual(['payment.settle', 'payment.settle']);
    expect((await asAdmin('/admin/wallet_requests/0KQ3ZD7M2X/verify', { form: {} })).status).toBe(404);
  });
});

describe('users', () => {
  it('finds a user by exact email, mobile number or id, with the balance and the ledger', async () => {
    const user = await fundedAccount(150, 'findme');
    for (const q of [user.email, user.mobileNo, user.code]) {
      const found = await asAdmin<{ user_id: string; balance: number; role: string }[]>(`/admin/users?q=${encodeURIComponent(q)}`);
      expect(found.body.data, q).toEqual([
        expect.objectContaining({ user_id: user.code, balance: 150, role: 'shopper', email: user.email }),
      ]);
    }
    expect((await asAdmin(`/admin/users?q=${encodeURIComponent(user.email.slice(0, 8))}`)).body.data).toEqual([]);
    expect((await asAdmin('/admin/users')).status).toBe(400);
    const detail = await asAdmin<{ balance: number; ledger: { delta: number; balance_after: number }[] }>(`/admin/users/${user.code}`);
    expect(detail.body.data).toMatchObject({ user_id: user.code, balance: 150, ledger: [{ delta: 150, balance_after: 150 }] });
    expect((await asAdmin('/admin/users/NOSUCHUSER')).status).toBe(404);
  });

  it('adjusts a balance by a non-zero whole amount with a reason, never below zero, audited', async () => {
    const user = await fundedAccount(100, 'adjust');
    const badForms: Record<string, string | number>[] = [
      { amount: 0, reason: 'x' },
      { amount: '1.5', reason: 'x' },
      { amount: 'abc', reason: 'x' },
      { amount: 10 },
      { amount: 10, reason: ' ' },
    ];
    for (const form of badForms) {
      const refused = await asAdmin(`/admin/users/${user.code}/adjust`, { form });
      expect(refused.status, JSON.stringify(form)).toBe(400);
    }
    const below = await asAdmin(`/admin/users/${user.code}/adjust`, { form: { amount: -101, reason: 'Chargeback' } });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe('Insufficient balance');

    const credit = await asAdmin(`/admin/users/${user.code}/adjust`, { form: { amount: 25, reason: 'Compensation for a late order' } });
    expect(credit.body.data).toEqual({ balance: 125 });
    const debit = await asAdmin(`/admin/users/${user.code}/adjust`, { form: { amount: -125, reason: 'Duplicate top-up' } });
    expect(debit.body.data).toEqual({ balance: 0 });
    await expectLedgerMatchesBalance(user.code);
    const entries = await auditFor(user.code);
    expect(entries.map((entry) => entry.detail).sort()).toEqual(['+25 taka: Compensation for a late order', '-125 taka: Duplicate top-up']);
    expect((await asAdmin('/admin/users/NOSUCHUSER/adjust', { form: { amount: 5, reason: 'x' } })).status).toBe(404);
  });
});

describe('dashboard and audit', () => {
  it("counts today's orders, code sales and top-ups, the queues, and the vouchers running out", async () => {
    const before = (await asAdmin('/admin/dashboard')).body.data;
    const buyer = await fundedAccount(22 + 2 * 100, 'dash');
    await placeUidOrder(buyer);
    const voucher = await freshVoucher(3, 100);
    expect((await callApi('/user/buy_voucher/', { token: buyer.token, form: { voucher_id: voucher.id, qty: 2 } })).status).toBe(200);
    const { paymentUrl } = await startTopUp(buyer, 300);
    await payInvoice(paymentUrl);

    const after = (await asAdmin('/admin/dashboard')).body.data;
    expect(after.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after.today.orders - before.today.orders).toBe(1);
    expect(after.today.orders_amount - before.today.orders_amount).toBe(22);
    expect(after.today.codes_sold - before.today.codes_sold).toBe(2);
    expect(after.today.codes_amount - before.today.codes_amount).toBe(200);
    expect(after.today.topups - before.today.topups).toBe(1);
    expect(after.today.topups_amount - before.today.topups_amount).toBe(300);
    expect(after.pending_orders - before.pending_orders).toBe(1);
    expect(after.low_stock).toContainEqual({ voucher_id: voucher.id, voucher_name: `Test voucher ${voucher.id}`, stock: 1 });
  });

  it('keeps the audit newest first, a page at a time, with who did what', async () => {
    const user = await fundedAccount(10, 'auditpages');
    for (const amount of [1, 2, 3]) await asAdmin(`/admin/users/${user.code}/adjust`, { form: { amount, reason: `step ${amount}` } });
    const first = await asAdmin<{ items: { detail: string; actor_id: string; at: string }[]; next_cursor: string }>('/admin/audit?limit=2');
    expect(first.body.data.items.map((entry) => entry.detail)).toEqual(['+3 taka: step 3', '+2 taka: step 2']);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const second = await asAdmin<{ items: { detail: string }[] }>(`/admin/audit?limit=2&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.items[0]!.detail).toBe('+1 taka: step 1');
    const adminId = (await callApi<{ data: { code: string } }>('/user/user_data', { token: adminToken, form: {} })).body.data.code;
    expect(first.body.data.items.every((entry) => entry.actor_id === adminId)).toBe(true);
  });
});
